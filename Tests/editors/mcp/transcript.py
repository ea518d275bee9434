"""A session with `storygraph mcp` through the official MCP Python SDK's client, printed
as the transcript Documentation/assistants.md shows (test_mcp.py checks that the two
agree). Run from the repository's root: .build/mcp-venv/bin/python Tests/editors/mcp/transcript.py
"""

import json
import os
import sys
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parents[3]
BINARY = os.environ.get("STORYGRAPH", str(ROOT / ".build/debug/storygraph"))

CALLS = [
    ("check", {"file": "Examples/lighthouse.json"}),
    ("play", {"file": "Examples/lighthouse.json"}),
    ("play", {"session": "1", "choice": 2}),
    ("play", {"session": "1", "choice": 2}),
    ("report", {"file": "Examples/lighthouse.jsn"}),
]


async def transcript(out):
    params = StdioServerParameters(command=BINARY, args=["mcp"], cwd=str(ROOT))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            result = await session.initialize()
            out.append(f"> initialize")
            out.append(f"< {result.server_info.name} {result.server_info.version}, protocol {result.protocol_version}")
            tools = (await session.list_tools()).tools
            out.append("> tools/list")
            out.append("< " + ", ".join(tool.name for tool in tools))
            for name, arguments in CALLS:
                result = await session.call_tool(name, arguments)
                out.append(f"> tools/call {name} {json.dumps(arguments)}")
                marker = "< isError: " + ("true" if result.is_error else "false")
                out.append(marker)
                out.extend(result.content[0].text.rstrip("\n").splitlines())


def lines():
    out = []
    anyio.run(transcript, out)
    return out


if __name__ == "__main__":
    sys.stdout.write("\n".join(lines()) + "\n")
