// The one stylesheet of both web pages: system fonts, visible focus, tables that scroll on a phone.
import { asset } from "./headers";

const source = `
:root { --fg: #1b1f24; --muted: #57606a; --bg: #f6f8fa; --card: #fff; --line: #d0d7de; --accent: #0b5cad; --danger: #b42318; --ok: #1a7f37; color-scheme: light; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: 1rem; }
header.top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1rem; padding: .75rem 1rem; background: var(--card); border-bottom: 1px solid var(--line); }
header.top h1 { font-size: 1.15rem; margin: 0; }
header.top form { margin: 0; }
.who { color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
main { max-width: 68rem; margin: 0 auto; padding: 1rem; }
section.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 0 0 1rem; }
section.card > h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
h3 { font-size: 1rem; margin: 1rem 0 .5rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }
label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; padding: .5rem .75rem; }
legend { font-weight: 600; padding: 0 .25rem; }
fieldset label { display: flex; gap: .5rem; align-items: center; font-weight: 400; margin: .25rem 0; }
input[type=email], input[type=password], input[type=text], input[type=url], input[type=number], input[type=date], input[type=datetime-local], select, textarea {
  width: 100%; max-width: 28rem; font: inherit; padding: .5rem .6rem; border: 1px solid #8c959f; border-radius: 6px; background: #fff; color: inherit; min-height: 2.5rem; }
input[type=checkbox] { width: 1.15rem; height: 1.15rem; }
.hint { color: var(--muted); font-size: .875rem; margin: .25rem 0; }
button, .button { font: inherit; font-weight: 600; padding: .5rem .9rem; min-height: 2.5rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--danger); border-color: var(--danger); }
button:disabled { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-top: .75rem; }
.row-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.row-actions form { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: 0; }
.row-actions input[type=text] { width: 11rem; }
.row-actions select, .row-actions input { width: auto; min-width: 0; }
.table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg); white-space: nowrap; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875em; overflow-wrap: break-word; }
.state { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-size: .8rem; font-weight: 600; border: 1px solid currentColor; }
.state-active, .state-delivered { color: var(--ok); }
.state-revoked, .state-failed, .state-lapsed { color: var(--danger); }
.state-expired, .state-superseded, .state-pending, .state-rotated { color: var(--muted); }
.status { min-height: 1.5rem; margin: 0 0 1rem; font-weight: 600; color: var(--ok); }
.status-error, .error { color: var(--danger); }
.error { background: #fff1f0; border: 1px solid #f4c7c3; border-radius: 6px; padding: .5rem .75rem; font-weight: 600; }
#reveal { border: 2px solid var(--ok); }
#reveal .secret { display: flex; flex-wrap: wrap; gap: .5rem; }
#reveal .secret input { flex: 1 1 20rem; max-width: none; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
dl.limits { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dl.limits dt { font-weight: 600; }
dl.limits dd { margin: 0; }
.empty { color: var(--muted); font-style: italic; }
form.filter { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0 0 .75rem; }
form.filter label { margin: 0; }
form.filter select { width: auto; max-width: 100%; }
summary { cursor: pointer; color: var(--accent); }
pre.event-body { margin: .25rem 0 0; padding: .5rem; max-height: 24rem; overflow: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .8rem; white-space: pre-wrap; overflow-wrap: anywhere; }
@media (max-width: 40rem) {
  main { padding: .5rem; }
  section.card { padding: .75rem; border-radius: 0; border-left: 0; border-right: 0; }
  table.stack thead { position: absolute; left: -9999px; }
  table.stack tr { display: block; border-bottom: 2px solid var(--line); padding: .25rem 0; }
  table.stack td { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); justify-items: start; gap: .5rem; border: 0; padding: .25rem .25rem; }
  table.stack td { overflow-wrap: anywhere; }
  table.stack td > * { max-width: 100%; }
  .row-actions form, .row-actions select, .row-actions input:not([type=checkbox]):not([type=radio]) { width: 100%; max-width: 100%; }
  table.stack td::before { content: attr(data-label); font-weight: 600; color: var(--muted); }
}
`;

export const STYLES_CSS = asset(source, "text/css; charset=utf-8");
