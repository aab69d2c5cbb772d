"""`mtgrules lsp`: a language server over stdio for rules files (`.mtgr`) and set and scenario YAML.

It publishes lint's findings as the text changes, completes step words, mechanic names and card
names, and shows a mechanic's wording, rules and reminder text on hover. editor.py does the work;
this module speaks the Language Server Protocol with pygls (the optional extra `mtgrules[lsp]`).
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from ..diagnostics import Diagnostic, MtgError, Span
from . import editor
from .yamlsource import OPEN_BUFFERS

SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}
KIND = {"step word": lsp.CompletionItemKind.Keyword, "mechanic": lsp.CompletionItemKind.Function,
        "card": lsp.CompletionItemKind.Value}


def _diagnostic(d: Diagnostic) -> lsp.Diagnostic:
    span = d.span or Span("", 1, 1)
    start = lsp.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0))
    end = lsp.Position(line=start.line, character=start.character + max(span.length, 1))
    message = d.message + (f"\nhelp: {d.help}" if d.help else "")
    return lsp.Diagnostic(range=lsp.Range(start=start, end=end), message=message, code=d.code, source="mtgrules",
                          severity=SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Information))


def _path(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path else None


def _findings(path: Path, text: str) -> list[lsp.Diagnostic]:
    """The file's findings; a failure of ours is one diagnostic at the top, never a dead server."""
    try:
        return [_diagnostic(d) for d in editor.findings(path, text)]
    except MtgError as exc:
        return [_diagnostic(exc.diagnostic)]
    except Exception as exc:  # a bug of ours: say so where the user looks
        top = lsp.Range(start=lsp.Position(line=0, character=0), end=lsp.Position(line=0, character=1))
        return [lsp.Diagnostic(range=top, source="mtgrules", severity=lsp.DiagnosticSeverity.Error,
                               message=f"mtgrules internal error: {type(exc).__name__}: {exc} (please report it)")]


def make_server() -> LanguageServer:
    try:
        own_version = version("mtgrules")
    except PackageNotFoundError:
        own_version = "0"
    server = LanguageServer("mtgrules", own_version)

    def publish(ls: LanguageServer, uri: str) -> None:
        path = _path(uri)
        if path is None:
            return
        text = ls.workspace.get_text_document(uri).source
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, diagnostics=_findings(path, text)))

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def opened(ls: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def changed(ls: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def saved(ls: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def closed(ls: LanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
        path = _path(params.text_document.uri)
        if path is not None:
            OPEN_BUFFERS.pop(path.resolve(), None)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                          diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" "]))
    def complete(ls: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        path = _path(params.text_document.uri)
        text = ls.workspace.get_text_document(params.text_document.uri).source
        at = params.position
        words = editor.completions(path, text, at.line, at.character) if path else []
        items = [lsp.CompletionItem(
            label=w.label, kind=KIND[w.kind], detail=w.detail or w.kind,
            text_edit=lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=at.line, character=w.start), end=at),
                                   new_text=w.label)) for w in words]
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
        path = _path(params.text_document.uri)
        text = ls.workspace.get_text_document(params.text_document.uri).source
        shown = editor.hover(path, text, params.position.line, params.position.character) if path else None
        if shown is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=shown))

    return server


def serve() -> int:
    """Serve on standard input and output until the editor says exit."""
    make_server().start_io()
    return 0
