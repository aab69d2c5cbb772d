"""`mtgrules simulate --backend ray`: the same games on a Ray cluster (the optional extra `mtgrules[ray]`).

Ray is imported only here, when asked for. Without `--address` a local cluster is started for the run
(with `--jobs` CPUs) and stopped after it; with one, Ray connects as its own tools do (`auto`, or
`ray://HOST:10001`). Each task plays a chunk of game indexes, so results are those of any other backend.
"""
from __future__ import annotations

from typing import Callable

from .commands import Usage
from .games import GameResult


def run_on_ray(play_many: Callable, plan, chunks: list[range], address: str | None, jobs: int) -> list[GameResult]:
    """`play_many(plan, indexes)` of each chunk as a Ray task; the results in chunk order."""
    try:
        import ray
    except ImportError:
        raise Usage("--backend ray needs Ray: pip install 'mtgrules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        options = {"address": address} if address else {"num_cpus": max(1, jobs)}
        ray.init(ignore_reinit_error=True, log_to_driver=False, include_dashboard=False, **options)
    try:
        remote = ray.remote(play_many)
        done = ray.get([remote.remote(plan, list(chunk)) for chunk in chunks])
    finally:
        if started:
            ray.shutdown()
    return [result for chunk in done for result in chunk]
