-- Headless Neovim (0.7 or later) as an LSP client of `storygraph lsp`: opens the file given
-- on the command line, waits for storygraph's diagnostics, prints them and a hover, quits.
--   nvim --headless -u NONE -c 'luafile Tests/editors/neovim/diagnostics.lua' story.twee
local binary = os.getenv("STORYGRAPH") or "storygraph"
local client = vim.lsp.start_client({
  name = "storygraph",
  cmd = { binary, "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client)
local ok = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
if not ok then
  io.stdout:write("no diagnostics\n")
  vim.cmd("cquit")
end
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write(string.format("%d:%d %s [%s] %s\n", d.lnum + 1, d.col + 1,
    vim.diagnostic.severity[d.severity], d.code or d.user_data.lsp.code, d.message))
end
-- A hover on line 3, column 20 (a link's target in the Twee fixture).
local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = 2, character = 20 },
}
local responses = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 10000)
for _, response in pairs(responses or {}) do
  if response.result then io.stdout:write(response.result.contents.value .. "\n") end
end
vim.lsp.stop_client(client)
vim.cmd("qa!")
