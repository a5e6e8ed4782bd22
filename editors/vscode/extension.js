// The AdeshLang extension: it starts `adesh2go lsp` (the command set by adesh2go.path) as a
// language server for .adesh files. Everything else (diagnostics, hover, completion,
// formatting, rename) comes from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("adesh2go").get("path") || "adesh2go";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "adesh2go",
    "AdeshLang (adesh2go lsp)",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "adesh" }, { scheme: "untitled", language: "adesh" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
