"""storygraph mcp end to end, through the official MCP Python SDK's client (`mcp`, pinned
in requirements.txt): the handshake, the tool list, every tool on the repository's own
example stories with exact results, a play session to an ending, and bad input.

Run by `make test-mcp`; STORYGRAPH names the binary (default .build/debug/storygraph).
"""

import contextlib
import json
import os
import unittest
import xml.dom.minidom
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp import MCPError

ROOT = Path(__file__).resolve().parents[3]
BINARY = os.environ.get("STORYGRAPH", str(ROOT / ".build/debug/storygraph"))
EXAMPLES = ROOT / "Examples"

# A story written for this test, given as text: the start offers two choices; 'Right'
# leads to a passage with a broken link ('Knock' to 'zz').
# A divert whose target a function returns: storygraph does not follow it.
GATE_INK = """\
A gate.
* [Open it] -> gate

=== gate ===
~ temp way = pick(-> yard)
-> way

=== yard ===
A yard.
-> END

=== function pick(x) ===
~ return x
"""

TINY_INK = """\
You wake in a small room.
* [Left] -> left
* [Right] -> right

=== left ===
The end of the corridor.
-> END

=== right ===
A door.
+ [Open it] -> left
"""


@contextlib.asynccontextmanager
async def server():
    """A session with `storygraph mcp`, started in the repository's root, initialized."""
    params = StdioServerParameters(command=BINARY, args=["mcp"], cwd=str(ROOT))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


async def call(session, tool, arguments):
    """A tool call's result: (is_error, text, structured content)."""
    result = await session.call_tool(tool, arguments)
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.is_error, result.content[0].text, result.structured_content


class Handshake(unittest.IsolatedAsyncioTestCase):
    async def test_initialize_agrees_on_the_clients_version(self):
        params = StdioServerParameters(command=BINARY, args=["mcp"], cwd=str(ROOT))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                result = await session.initialize()
        self.assertEqual(result.protocol_version, "2025-11-25")
        self.assertEqual(result.server_info.name, "storygraph")
        self.assertEqual(result.server_info.version, "0.1.0")
        self.assertFalse(result.capabilities.tools.list_changed)
        self.assertIsNone(result.capabilities.resources)

    async def test_tools_are_the_commands(self):
        async with server() as session:
            tools = (await session.list_tools()).tools
        self.assertEqual([t.name for t in tools], ["report", "check", "test", "paths", "fuzz", "map", "play"])
        schemas = {t.name: t.input_schema for t in tools}
        story = {"file", "text", "input-format", "start", "story", "restart-rule", "link-macro", "schema"}
        expected = {
            "report": story | {"budget", "max-cycles", "max-states", "state-budget", "disable"},
            "check": story | {"strict", "max-states", "state-budget", "disable"},
            "test": story | {"expect", "max-states", "state-budget", "disable"},
            "paths": story | {"limit", "to", "budget", "disable"},
            "fuzz": story | {"runs", "seed", "max-steps", "policy", "jobs", "replay", "disable"},
            "map": story
            | {"format", "engine", "style", "direction", "max-text", "no-restarts", "restart-edges", "max-memory"}
            | {"no-analysis", "path", "focus", "radius", "ending", "cluster", "layout", "heat", "runs", "seed"}
            | {"policy", "state", "max-states", "state-budget", "disable"},
            "play": story | {"from", "ignore-conditions", "session", "choice", "back", "restart"},
        }
        for tool in tools:
            self.assertTrue(tool.annotations.read_only_hint)
            self.assertFalse(tool.annotations.open_world_hint)
        for name, schema in schemas.items():
            with self.subTest(tool=name):
                self.assertEqual(schema["type"], "object")
                self.assertIs(schema["additionalProperties"], False)
                # Every argument is optional: the story comes as 'file' or as 'text'.
                self.assertNotIn("required", schema)
                self.assertEqual(set(schema["properties"]), expected[name])
        self.assertEqual(schemas["fuzz"]["properties"]["runs"]["type"], "integer")
        self.assertEqual(schemas["fuzz"]["properties"]["runs"]["default"], 10000)
        self.assertEqual(schemas["fuzz"]["properties"]["policy"]["enum"], ["uniform", "fresh", "state"])
        self.assertEqual(schemas["map"]["properties"]["format"]["enum"], ["svg", "dot"])
        self.assertEqual(schemas["play"]["properties"]["choice"], {
            "type": "integer", "minimum": 1,
            "description": "With 'session': take the choice of this number (as the last answer numbered it).",
        })


class Tools(unittest.IsolatedAsyncioTestCase):
    async def test_report(self):
        async with server() as session:
            is_error, text, report = await call(session, "report", {"file": "Examples/lighthouse.json"})
        self.assertFalse(is_error)
        self.assertEqual(json.loads(text), report)
        self.assertEqual(report["title"], "The Lighthouse Keeper")
        self.assertEqual(report["structure"]["passages"], 6)
        self.assertEqual(report["structure"]["choices"], 12)
        self.assertEqual(report["paths"]["total"], "5")
        self.assertTrue(report["paths"]["exact"])
        self.assertEqual(
            [(e["id"], e["kind"], e["paths"], e["probability"]) for e in report["endings"]],
            [("3", "good", "1", 0.25), ("4", "neutral", "2", 0.375), ("5", "good", "2", 0.375)],
        )

    async def test_report_of_an_ink_story_given_as_text(self):
        async with server() as session:
            is_error, _, report = await call(session, "report", {"text": TINY_INK, "input-format": "ink"})
        self.assertFalse(is_error)
        self.assertEqual(report["paths"]["total"], "2")
        self.assertEqual([e["id"] for e in report["endings"]], ["left"])

    async def test_check(self):
        async with server() as session:
            is_error, _, check = await call(session, "check", {"file": "Examples/toll-bridge.json"})
        self.assertFalse(is_error)
        self.assertEqual((check["errors"], check["warnings"], check["infos"]), (0, 5, 1))
        findings = check["files"][0]["findings"]
        self.assertEqual(
            [(f["rule"], f["location"]["line"]) for f in findings],
            [
                ("condition-never-true", 10), ("condition-never-true", 11), ("variable-never-set", 11),
                ("variable-never-read", 17), ("unreachable-under-state", 19), ("unreachable-under-state", 21),
            ],
        )

    async def test_check_finds_a_broken_link(self):
        async with server() as session:
            is_error, _, check = await call(session, "check", {"file": "Examples/harbour.json"})
        self.assertFalse(is_error)  # findings are the result; the story was read
        self.assertEqual(check["errors"], 1)
        broken = [f for f in check["files"][0]["findings"] if f["severity"] == "error"]
        self.assertEqual(broken[0]["rule"], "broken-link")
        self.assertEqual((broken[0]["location"]["line"], broken[0]["location"]["column"]), (388, 9))

    async def test_test_proves_and_refutes_the_expectations(self):
        async with server() as session:
            is_error, text, result = await call(session, "test", {"file": "Examples/lamplighter"})
            _, _, cut = await call(session, "test", {"file": "Examples/lamplighter", "max-states": 10})
        self.assertFalse(is_error)  # a failing expectation is the answer, not a tool error
        self.assertEqual(json.loads(text), result)
        self.assertEqual(result["counts"], {"holds": 5, "fails": 1, "unknown": 0})
        self.assertEqual(
            [(e["kind"], e["line"], e["verdict"]) for e in result["expectations"]],
            [
                ("reachable", 3, "holds"), ("unreachable", 4, "holds"), ("always", 5, "holds"),
                ("before", 6, "holds"), ("at_endings", 7, "fails"), ("words_per_playthrough", 8, "holds"),
            ],
        )
        failed = result["expectations"][4]["trace"]
        self.assertEqual(failed["play_keys"], [2, 1, 2, 2])
        self.assertEqual(cut["counts"], {"holds": 0, "fails": 0, "unknown": 6})

    async def test_paths(self):
        async with server() as session:
            is_error, _, paths = await call(session, "paths", {"file": "Examples/lighthouse.json"})
            _, _, to_four = await call(session, "paths", {"file": "Examples/lighthouse.json", "to": "4", "limit": 1})
        self.assertFalse(is_error)
        self.assertEqual(paths["total"], "5")
        self.assertEqual(
            [p["passages"] for p in paths["paths"]],
            [["0", "2", "5"], ["0", "2", "4"], ["0", "1", "2", "5"], ["0", "1", "2", "4"], ["0", "1", "3"]],
        )
        self.assertEqual(to_four["printed"], 1)
        self.assertEqual(to_four["paths"][0]["choices"], ["Climb the tower", "Light a signal flare"])

    async def test_fuzz(self):
        async with server() as session:
            is_error, _, fuzz = await call(session, "fuzz", {"file": "Examples/lighthouse.json", "runs": 1000, "seed": 7})
        self.assertFalse(is_error)
        self.assertTrue(fuzz["all_ended"])
        self.assertEqual({o["passage"]: o["runs"] for o in fuzz["outcomes"]}, {"3": 231, "4": 404, "5": 365})
        self.assertEqual(fuzz["coverage"]["passages_visited"], 6)

    async def test_map_as_svg_and_as_dot(self):
        async with server() as session:
            is_error, svg, structured = await call(session, "map", {"file": "Examples/lighthouse.json"})
            _, dot, _ = await call(session, "map", {"file": "Examples/lighthouse.json", "format": "dot"})
        self.assertFalse(is_error)
        self.assertIsNone(structured)
        titles = [t.firstChild.data for t in xml.dom.minidom.parseString(svg).getElementsByTagName("title")]
        self.assertEqual([t for t in titles if t.startswith("p") and "->" not in t], [f"p{k}" for k in range(6)])
        self.assertTrue(dot.startswith('digraph "The Lighthouse Keeper" {\n'))

    async def test_a_map_too_big_is_refused(self):
        async with server() as session:
            is_error, text, _ = await call(session, "map", {"file": "Examples/harbour.json", "max-memory": 1})
        self.assertTrue(is_error)
        self.assertEqual(
            text.splitlines()[-1],
            "Examples/harbour.json:1:1: error: the map's dot layout would need about 41 MiB (estimated from 121 boxes"
            " and 156 edges), above the ceiling of 1 MiB; use --focus PASSAGE or --ending ENDING to draw part of the"
            " story; --format dot to write the DOT text without a layout; --max-memory 0 to lift the ceiling"
            " [map-memory-ceiling]",
        )


class Play(unittest.IsolatedAsyncioTestCase):
    async def test_a_session_to_an_ending(self):
        async with server() as session:
            is_error, _, gate = await call(session, "play", {"file": "Examples/toll-bridge.json"})
            self.assertFalse(is_error)
            sid = gate["session"]
            self.assertEqual(gate["passage"], "Gate")
            self.assertEqual(
                [c["text"] for c in gate["choices"]], ["Work a shift at the mill", "Ask the ferryman", "Go home"]
            )
            self.assertEqual(
                gate["locked"],
                [
                    {"text": "Pay the toll", "target": "Bridge", "condition": "$coins >= 5"},
                    {"text": "Show the pass", "target": "Bridge", "condition": "$pass"},
                ],
            )
            self.assertEqual(gate["variables"], [{"name": "coins", "value": "0"}, {"name": "pass", "value": "false"}])
            seen = []
            for choice in [1, 1, 1, 1]:  # the mill twice: four coins
                _, _, step = await call(session, "play", {"session": sid, "choice": choice})
                seen.append((step["passage"], step["variables"][0]["value"]))
            self.assertEqual(seen, [("Mill", "2"), ("Gate", "2"), ("Mill", "4"), ("Gate", "4")])
            # visited_count("Mill") < 2 no longer holds: the mill is not offered a third time.
            self.assertEqual([c["text"] for c in step["choices"]], ["Ask the ferryman", "Go home"])
            _, _, home = await call(session, "play", {"session": sid, "choice": 2})
            self.assertEqual((home["passage"], home["state"], home["steps"]), ("Home", "ending", 5))
            self.assertEqual(home["choices"], [])
            is_error, text, _ = await call(session, "play", {"session": sid, "choice": 1})
            self.assertTrue(is_error)
            self.assertEqual(text, "no choice is offered here (ending): give 'back' or 'restart'")
            _, _, again = await call(session, "play", {"session": sid, "restart": True})
            self.assertEqual((again["passage"], again["steps"]), ("Gate", 0))

    async def test_an_ink_story_with_jumps_and_a_resolved_divert_variable(self):
        async with server() as session:
            _, _, dock = await call(session, "play", {"file": "Examples/ferry.ink"})
            sid = dock["session"]
            self.assertEqual(dock["passage"], "dock")
            self.assertEqual(dock["passed_through"], [{"passage": "(root)", "text": ""}])
            self.assertEqual(dock["locked"], [{"text": "Pay double", "target": "dock.c-1", "condition": "coins > 2"}])
            _, _, aboard = await call(session, "play", {"session": sid, "choice": 1})
            self.assertEqual(aboard["passage"], "dock.aboard")
            self.assertEqual(
                aboard["passed_through"], [{"passage": "dock.c-0", "text": "He pockets the coin without a word."}]
            )
            self.assertEqual(aboard["variables"][0], {"name": "coins", "value": "1"})
            _, _, river = await call(session, "play", {"session": sid, "choice": 2})
            self.assertEqual(river["passage"], "crossing.mid_river")
            # `next_stop` only ever holds `-> far_shore`: the divert is resolved, not computed.
            self.assertEqual(
                [(c["text"], c.get("computed", False)) for c in river["choices"]],
                [("Watch the water", False), ("Look ahead", False), ("Ask the ferryman his name", False)],
            )
            _, _, again = await call(session, "play", {"session": sid, "choice": 1})
            self.assertEqual(again["passage"], "crossing.mid_river")
            self.assertEqual([p["passage"] for p in again["passed_through"]], ["crossing.mid_river.c-0"])
            self.assertEqual([c["text"] for c in again["choices"]], ["Look ahead", "Ask the ferryman his name"])
            _, _, shore = await call(session, "play", {"session": sid, "choice": 1})
            self.assertEqual((shore["passage"], shore["state"], shore["steps"]), ("far_shore", "choosing", 8))
            self.assertEqual(
                [c["text"] for c in shore["choices"]], ["Climb the bank", "Stay aboard and go back"]
            )

    async def test_a_divert_computed_by_a_function_stops_the_play(self):
        async with server() as session:
            _, _, start = await call(session, "play", {"text": GATE_INK, "input-format": "ink"})
            sid = start["session"]
            _, _, gate = await call(session, "play", {"session": sid, "choice": 1})
            self.assertEqual(gate["passage"], "gate")
            self.assertEqual(gate["choices"], [{"computed": True, "number": 1, "target": "way", "text": ""}])
            _, _, computed = await call(session, "play", {"session": sid, "choice": 1})
            self.assertEqual(computed["state"], "dynamic_link")
            self.assertEqual(computed["failed_link"], {"target": "way", "file": "<text>", "line": 6})
            _, _, back = await call(session, "play", {"session": sid, "back": True})
            self.assertEqual((back["passage"], back["state"]), ("gate", "choosing"))

    async def test_two_sessions_at_once(self):
        async with server() as session:
            _, _, first = await call(session, "play", {"file": "Examples/lighthouse.json"})
            _, _, second = await call(session, "play", {"text": TINY_INK, "input-format": "ink"})
            self.assertNotEqual(first["session"], second["session"])
            _, _, right = await call(session, "play", {"session": second["session"], "choice": 2})
            _, _, radio = await call(session, "play", {"session": first["session"], "choice": 2})
        self.assertEqual(right["passage"], "right")
        self.assertEqual(right["choices"], [{"number": 1, "text": "Open it", "target": "left"}])
        self.assertEqual(radio["passage"], "1")


class BadInput(unittest.IsolatedAsyncioTestCase):
    async def test_tool_errors_carry_the_command_lines_message(self):
        cases = [
            ("report", {"file": "Examples/no-such-story.json"},
             "error: no such file or folder: Examples/no-such-story.json [unreadable-file]"),
            ("report", {"text": "{ bad", "input-format": "story-json"},
             "<text>:1:3: error: unexpected 'b': expected a string key [json-syntax]"),
            ("fuzz", {"file": "Examples/lighthouse.json", "runs": "many"},
             "argument 'runs' must be an integer, not a string"),
            ("fuzz", {"file": "Examples/lighthouse.json", "runs": 0},
             "error: invalid value '0' for '--runs'; expected a whole number from 1 to 2199023254528\n"
             "See 'storygraph help fuzz'."),
            ("paths", {"file": "Examples/lighthouse.json", "to": "9"},
             "error: no passage '9' in the story; did you mean '3'?\nSee 'storygraph help paths'."),
            ("check", {"file": "Examples/lighthouse.json", "sarif": True},
             "unknown argument 'sarif' of tool 'check'; it takes: file, text, strict, max-states, state-budget,"
             " input-format, start, story, restart-rule, disable, link-macro, schema"),
            ("map", {}, "give 'file' (the path of a story file or folder) or 'text' (the story itself)"),
            ("play", {"file": "Examples/lighthouse.json", "from": "lamp"},
             "error: --from: no passage named 'lamp'\nSee 'storygraph help play'."),
            ("play", {"session": "99", "choice": 1},
             "no play session '99': it ended (the server keeps the 16 most recently used) or never began;"
             " start one with 'file' or 'text'"),
        ]
        async with server() as session:
            for tool, arguments, message in cases:
                with self.subTest(tool=tool, arguments=arguments):
                    is_error, text, structured = await call(session, tool, arguments)
                    self.assertTrue(is_error)
                    self.assertEqual(text, message)
                    self.assertIsNone(structured)

    async def test_an_unknown_tool_is_a_protocol_error(self):
        async with server() as session:
            with self.assertRaises(MCPError) as raised:
                await session.call_tool("draw", {"file": "Examples/lighthouse.json"})
        self.assertEqual(raised.exception.error.code, -32602)
        self.assertEqual(
            raised.exception.error.message, "Unknown tool: draw (the tools: report, check, test, paths, fuzz, map, play)"
        )


class Documentation(unittest.TestCase):
    def test_the_transcript_in_the_docs_is_what_the_server_says(self):
        import transcript

        doc = (ROOT / "Documentation/assistants.md").read_text().splitlines()
        start = doc.index("<!-- transcript: Tests/editors/mcp/transcript.py -->") + 2
        shown = doc[start : doc.index("```", start)]
        self.assertEqual(shown, transcript.lines())


if __name__ == "__main__":
    unittest.main()
