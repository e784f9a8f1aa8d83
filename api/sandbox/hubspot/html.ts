const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The sandbox's look: HubSpot's orange darkened until white text on it reads (5.6:1; HubSpot's own
 * #ff7a59 gives 2.6:1), a dark variant for prefers-color-scheme, and tables that become one card a
 * record below 600 px so a phone never scrolls sideways.
 */
export const SANDBOX_CSS = `
:root{color-scheme:light dark;--bg:#f5f8fa;--text:#33475b;--card:#fff;--line:#cbd6e2;--rule:#dfe3eb;--link:#0b5cad;
--accent:#b93c1c;--note:#fef8f0;--note-line:#fec27a;--ok:#e5f8f6;--ok-line:#7fded2;--bad:#fde8e9;--bad-line:#f2545b;--muted:#516f90}
@media (prefers-color-scheme:dark){:root{--bg:#1b2733;--text:#e6edf3;--card:#223140;--line:#3d5066;--rule:#33475b;--link:#8cc8ff;
--note:#4a2a12;--note-line:#b36b1f;--ok:#173d3a;--ok-line:#2f8f84;--bad:#4a1c20;--bad-line:#c23a41;--muted:#a9bacb}}
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:var(--bg);color:var(--text)}
a{color:var(--link)}
header{background:var(--accent);color:#fff;padding:12px 24px}header strong{font-size:18px}
main{max-width:1100px;margin:24px auto;padding:0 16px}
h1,h2,h3{overflow-wrap:anywhere}
.card{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:20px;margin-bottom:20px}
.notice{background:var(--note);border:1px solid var(--note-line);border-radius:6px;padding:10px 14px;margin-bottom:16px}
.ok{background:var(--ok);border-color:var(--ok-line)}.bad{background:var(--bad);border-color:var(--bad-line)}
small,.muted{color:var(--muted)}
label{display:block;margin:8px 0 2px;font-weight:600}
fieldset{border:0;margin:8px 0 0;padding:0;min-width:0}legend{font-weight:600;padding:0;margin-bottom:2px}
fieldset label{display:flex;gap:6px;align-items:flex-start;font-weight:400;margin:4px 0}fieldset input{width:auto;margin-top:4px}
input,select,button{font:inherit}input,select{padding:6px 8px;border:1px solid var(--line);border-radius:3px;width:100%;max-width:320px;box-sizing:border-box;background:var(--card);color:var(--text)}
button{background:var(--accent);color:#fff;border:0;border-radius:3px;padding:8px 16px;font-weight:600;cursor:pointer;margin-top:12px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--rule);padding:6px 8px;text-align:left;vertical-align:top}
td{overflow-wrap:break-word}
.props{font-family:ui-monospace,monospace;font-size:13px}.filled{background:var(--ok)}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:0 16px}.grid>*{min-width:0}
nav{display:flex;flex-wrap:wrap;gap:4px 16px}
form.inline{display:inline}
@media (max-width:600px){
header{padding:12px 16px}main{padding:0 8px;margin-top:16px}.card{padding:14px}
.grid{grid-template-columns:1fr}input,select{max-width:none}
table,tbody,tr,td{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
tr{border-bottom:1px solid var(--rule);padding:6px 0}td{border:0;padding:2px 0;overflow-wrap:anywhere}
td[data-label]::before{content:attr(data-label) ": ";font-weight:600;font-family:system-ui,sans-serif}
}
`;

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="/sandbox/hubspot/assets/sandbox.css">${head}</head>
<body><header><strong>HubSpot sandbox</strong> &middot; a stand-in CRM inside ZipFill, used because HubSpot is not configured</header>
<main>${body}</main></body></html>`;
}
