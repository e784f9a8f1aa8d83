const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const SANDBOX_CSS = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f5f8fa;color:#33475b}
header{background:#ff7a59;color:#fff;padding:12px 24px}header strong{font-size:18px}
main{max-width:1100px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #cbd6e2;border-radius:6px;padding:20px;margin-bottom:20px}
.notice{background:#fef8f0;border:1px solid #fec27a;border-radius:6px;padding:10px 14px;margin-bottom:16px}
.ok{background:#e5f8f6;border-color:#7fded2}.bad{background:#fde8e9;border-color:#f2545b}
label{display:block;margin:8px 0 2px;font-weight:600}
input,select,button{font:inherit}input,select{padding:6px 8px;border:1px solid #cbd6e2;border-radius:3px;width:100%;max-width:320px;box-sizing:border-box}
button{background:#ff7a59;color:#fff;border:0;border-radius:3px;padding:8px 16px;font-weight:600;cursor:pointer;margin-top:12px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dfe3eb;padding:6px 8px;text-align:left;vertical-align:top}
.props{font-family:ui-monospace,monospace;font-size:13px}.filled{background:#e5f8f6}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:0 16px}
nav a{margin-right:16px}
`;

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="/sandbox/hubspot/assets/sandbox.css">${head}</head>
<body><header><strong>HubSpot sandbox</strong> &middot; a stand-in CRM inside ZipFill, used because HubSpot is not configured</header>
<main>${body}</main></body></html>`;
}
