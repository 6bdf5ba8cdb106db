-- Drives Neovim's built-in LSP client against `rr lsp` (test/lsp/neovim-cli.test.ts): opens a model file,
-- waits for its diagnostics, jumps to a definition, and writes what it saw as JSON to $RR_OUT.
local node, rr, dir, out = os.getenv('RR_NODE'), os.getenv('RR_BIN'), os.getenv('RR_DIR'), os.getenv('RR_OUT')
local line, col = tonumber(os.getenv('RR_LINE')), tonumber(os.getenv('RR_COL'))
vim.cmd('edit ' .. dir .. '/requirements.yaml')
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'rr',
  cmd = { node, rr, 'lsp', '--stdio' },
  root_dir = dir,
  init_options = { evidence = '' },
})
vim.lsp.buf_attach_client(buf, client)
local got = vim.wait(120000, function() return #vim.diagnostic.get(buf) > 0 end, 100)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(diagnostics, {
    line = d.lnum, col = d.col, severity = d.severity, code = d.code or lsp.code, message = d.message,
  })
end
vim.api.nvim_win_set_cursor(0, { line, col })
vim.lsp.buf.definition()
vim.wait(60000, function() return vim.api.nvim_buf_get_name(0):match('user%-needs%.yaml$') ~= nil end, 100)
local cursor = vim.api.nvim_win_get_cursor(0)
local f = io.open(out, 'w')
f:write(vim.fn.json_encode({
  received = got, diagnostics = diagnostics, file = vim.api.nvim_buf_get_name(0), line = cursor[1], col = cursor[2],
}))
f:close()
vim.lsp.stop_client(client)
vim.cmd('qa!')
