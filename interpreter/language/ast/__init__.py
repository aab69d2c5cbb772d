"""The AST: small frozen node classes with typed fields and a source span, one module per family.

Behaviour lives in the game (`interpreter/game/steps`), not here: every node the grammar can produce has a
class, and every class that runs has one executor, registered beside it by `@executes(ast.NodeName)`.
"""

from .abilities import *  # noqa: F403
from .amounts import *  # noqa: F403
from .actions import *  # noqa: F403
from .casting import *  # noqa: F403
from .chosen import *  # noqa: F403
from .combat import *  # noqa: F403
from .conditions import *  # noqa: F403
from .control_effects import *  # noqa: F403
from .copies import *  # noqa: F403
from .definitions import *  # noqa: F403
from .effects import *  # noqa: F403
from .limits import *  # noqa: F403
from .entering import *  # noqa: F403
from .game_designations import *  # noqa: F403
from .nodes import *  # noqa: F403
from .objects import *  # noqa: F403
from .payment_effects import *  # noqa: F403
from .permanent_effects import *  # noqa: F403
from .phasing import *  # noqa: F403
from .replacements import *  # noqa: F403
from .results import *  # noqa: F403
from .statics import *  # noqa: F403
from .player_actions import *  # noqa: F403
from .player_rules import *  # noqa: F403
from .triggers import *  # noqa: F403
from .zone_effects import *  # noqa: F403
