"""`mtgrules lsp`: the language server, started as an editor starts it (a subprocess speaking JSON-RPC
over stdio), answers initialize, publishes lint's diagnostics for a bad rules file and again as it is
fixed, completes step words, mechanic names and card names, and shows a mechanic's reminder text and
rule on hover. The features themselves (editor.py) are tested without the protocol too.
"""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from interpreter.tools import editor

from conftest import ROOT, write

pytest.importorskip("pygls")

SCENARIO = ROOT / "tests" / "examples" / "scenarios" / "from_mse.yaml"
FORAGE = (ROOT / "rules" / "701.61-forage.mtgr").read_text(encoding="utf-8")
TYPO = FORAGE.replace("sacrifice a Food\n", "sacrifise a Food\n")   # the step, not the reminder
TYPO_LINE = next(n for n, line in enumerate(TYPO.splitlines()) if "sacrifise" in line)


@pytest.fixture(autouse=True)
def no_open_buffers():
    """What a test gives the editor features as open buffers is forgotten after it."""
    yield
    editor.OPEN_BUFFERS.clear()


class Client:
    """A minimal LSP client: Content-Length framed JSON-RPC over the server's stdin and stdout."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import sys; from interpreter.tools.cli import main; sys.exit(main(['lsp']))"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while (header := stream.readline()) not in (b"\r\n", b""):
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
            if length is None:
                return
            self.messages.put(json.loads(stream.read(length)))

    def send(self, method: str, params: dict, request: bool = True) -> int | None:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return message.get("id")

    def wait(self, match, timeout: float = 180) -> dict:
        """The first message `match` accepts (others are dropped: logs, other files' diagnostics)."""
        while True:
            message = self.messages.get(timeout=timeout)
            if match(message):
                return message

    def request(self, method: str, params: dict) -> dict:
        number = self.send(method, params)
        return self.wait(lambda m: m.get("id") == number)

    def diagnostics(self, uri: str) -> list[dict]:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri)["params"]["diagnostics"]


@pytest.fixture(scope="module")
def client():
    c = Client()
    yield c
    if c.process.poll() is None:
        c.process.kill()
    c.process.wait(timeout=30)


def test_the_server_over_stdio(client, tmp_path):
    init = client.request("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}})
    capabilities = init["result"]["capabilities"]
    assert capabilities["hoverProvider"] and " " in capabilities["completionProvider"]["triggerCharacters"]
    assert init["result"]["serverInfo"]["name"] == "mtgrules"
    client.send("initialized", {}, request=False)

    # a rules file with a typo: E101 at the word, then nothing once it is fixed
    rules = write(tmp_path / "701.61-forage.mtgr", FORAGE)
    uri = rules.as_uri()
    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mtgr", "version": 1,
                                                          "text": TYPO}}, request=False)
    (found,) = client.diagnostics(uri)
    assert found["code"] == "E101" and "sacrifise" in found["message"] and "did you mean 'sacrifice'" in found["message"]
    assert found["range"]["start"] == {"line": TYPO_LINE, "character": TYPO.splitlines()[TYPO_LINE].index("sacrifise")}
    assert found["severity"] == 1 and found["source"] == "mtgrules"
    client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                           "contentChanges": [{"text": FORAGE}]}, request=False)
    assert client.diagnostics(uri) == []

    # a scenario: its diagnostics, then completion and hover in it
    text = SCENARIO.read_text(encoding="utf-8")
    lines = text.splitlines()
    cast = next(n for n, line in enumerate(lines) if "cast Shoal Trawler" in line)
    typed = text.replace("  - alice: cast Shoal Trawler", "  - alice: cast Shoal Tr", 1)
    client.send("textDocument/didOpen", {"textDocument": {"uri": SCENARIO.as_uri(), "languageId": "yaml",
                                                          "version": 1, "text": typed}}, request=False)
    client.diagnostics(SCENARIO.as_uri())
    answer = client.request("textDocument/completion", {"textDocument": {"uri": SCENARIO.as_uri()},
                                                        "position": {"line": cast, "character": 24}})
    items = {i["label"]: i for i in answer["result"]["items"]}
    assert {"Shoal Trawler", "trawl {n}", "trample"} <= set(items)
    assert items["Shoal Trawler"]["textEdit"]["range"]["start"] == {"line": cast, "character": 16}
    assert items["trawl {n}"]["detail"] == 'keyword action "trawl {n}", rule 701.99a, 701.99b'

    shown = client.request("textDocument/hover", {"textDocument": {"uri": SCENARIO.as_uri()},
                                                  "position": {"line": 0, "character": lines[0].index("trawls") + 2}})
    value = shown["result"]["contents"]["value"]
    assert "rule 701.99a" in value and "Look at the top N cards of your library." in value
    nothing = client.request("textDocument/hover", {"textDocument": {"uri": SCENARIO.as_uri()},
                                                    "position": {"line": cast, "character": 4}})
    assert nothing["result"] is None

    assert client.request("shutdown", {})["result"] is None
    client.send("exit", {}, request=False)
    assert client.process.wait(timeout=30) == 0


# ------------------------------------------------------------------ the features without the protocol
def test_scenario_findings_as_typed_are_placed_in_the_file():
    text = SCENARIO.read_text(encoding="utf-8").replace("  - alice: resolve\n", "  - alice: resolv\n", 1)
    (found,) = editor.findings(SCENARIO, text)
    assert found.code == "E101" and found.span.file == str(SCENARIO)
    assert text.splitlines()[found.span.line - 1] == "  - alice: resolv"
    assert editor.findings(SCENARIO, SCENARIO.read_text(encoding="utf-8")) == []


def test_a_set_being_edited_is_what_its_scenarios_see(tmp_path):
    set_file = write(tmp_path / "mini.yaml", "name: Mini\ncode: MINI\ncards:\n  - {name: Gull, types: [Creature], "
                     "power: 1, toughness: 1}\n")
    scenario = write(tmp_path / "s.yaml", "name: s\nsets: [mini.yaml]\nstate:\n  alice:\n    hand: [Gull]\n"
                     "steps:\n  - alice: draw a card\n")
    assert editor.findings(scenario, scenario.read_text()) == []
    renamed = set_file.read_text().replace("Gull", "Tern")
    assert [d.code for d in editor.findings(set_file, renamed)] == []   # the buffer, not the saved file
    assert [d.code for d in editor.findings(scenario, scenario.read_text())] == ["E404"]


def test_a_problem_in_another_file_is_shown_at_the_top_saying_where(tmp_path):
    write(tmp_path / "broken.yaml", "name: x\ncode: BRK\ncards: [{name: A\n")
    scenario = write(tmp_path / "s.yaml", "name: s\nsets: [broken.yaml]\nsteps:\n  - alice: draw a card\n")
    (found,) = editor.findings(scenario, scenario.read_text())
    assert found.code == "E100" and found.span.line == 1 and "broken.yaml:" in found.message


def test_rules_file_vocabulary_and_hover():
    path = ROOT / "rules" / "701.61-forage.mtgr"
    labels = {w.label for w in editor.vocabulary(path, FORAGE)}
    assert {"reminder", "example", "keyword action", "sacrifice", "forage", "manifest dread"} <= labels
    line = next(n for n, text in enumerate(FORAGE.splitlines()) if text.startswith("keyword action"))
    shown = editor.hover(path, FORAGE, line, FORAGE.splitlines()[line].index("forage") + 1)
    assert shown.startswith("**forage** — keyword action") and "Exile three cards" in shown
    assert editor.findings(Path("notes.txt"), "anything") == []
