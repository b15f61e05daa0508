import type { PhoneOrder } from './simulator.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A person the phone can identify as; `key` is what the form sends (never the personal number). */
export interface PhonePerson {
  key: string;
  label: string;
  brandId: string;
}

const style = `
body{font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;padding:16px;background:#f4f6f8;color:#111}
h1{font-size:1.4rem}h2{font-size:1.1rem}section{background:#fff;border-radius:12px;padding:16px;margin:12px 0}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:8px 0}label{display:flex;flex-direction:column;gap:4px}
input,select{padding:8px;font-size:1rem}button{padding:8px 16px;font-size:1rem;border-radius:8px;border:1px solid #193;background:#1a5;color:#fff}
button.secondary{background:#fff;color:#193}p.error{color:#b00;font-weight:600}table{width:100%;border-collapse:collapse}
td,th{text-align:left;padding:4px;border-bottom:1px solid #ddd}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const hintText: Record<string, string> = {
  outstandingTransaction: 'Waiting for the BankID app to open the order',
  started: 'Opened: choose who you are',
  userSign: 'Waiting for your security code',
  userCancel: 'Cancelled on the phone',
  expiredTransaction: 'Timed out',
  startFailed: 'Could not start',
};

export const describeOrder = (order: PhoneOrder) =>
  order.status === 'pending' ? (hintText[order.hintCode ?? ''] ?? order.hintCode ?? '') : order.status === 'complete' ? 'Identified' : order.status === 'cancelled' ? 'Cancelled by the service' : (hintText[order.hintCode ?? ''] ?? 'Failed');

export const post = (action: string, label: string, fields = '', secondary = false) =>
  `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

export function listPage(orders: { order: PhoneOrder; brandName: string }[], now: number, error?: string): string {
  const rows = orders
    .map(
      ({ order, brandName }) =>
        `<tr><td>${escapeHtml(brandName)}</td><td>${escapeHtml(describeOrder(order))}</td><td>${Math.max(0, Math.round((order.expiresAt.getTime() - now) / 1000))} s</td>` +
        `<td><a href="/dev/bankid/order/${encodeURIComponent(order.autoStartToken)}">Show</a></td></tr>`,
    )
    .join('');
  return page(
    'Simulated BankID phone',
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<section><h2>Scan a QR code</h2><form method="post" action="/dev/bankid/scan"><label>QR code content<input name="qr" autocomplete="off" size="40"></label><button type="submit">Scan</button></form></section>
<section><h2>Start with an autostart token</h2><form method="get" action="/dev/bankid"><label>Autostart token<input name="autostarttoken" autocomplete="off" size="40"></label><button type="submit">Start</button></form></section>
<section><h2>Pending orders</h2>${rows ? `<table><thead><tr><th>App</th><th>State</th><th>Expires in</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No pending orders.</p>'}
<p><a href="/dev/bankid">Refresh</a></p></section>`,
  );
}

export function orderPage(order: PhoneOrder, brandName: string, people: PhonePerson[], brandId: string, error?: string): string {
  const base = `/dev/bankid/order/${encodeURIComponent(order.autoStartToken)}`;
  const pending = order.status === 'pending';
  let actions = '';
  if (pending && order.hintCode === 'outstandingTransaction') actions = post(`${base}/open`, 'Open in BankID');
  if (pending && order.hintCode === 'started') {
    const sorted = [...people.filter((p) => p.brandId === brandId), ...people.filter((p) => p.brandId !== brandId)];
    const options = sorted.map((p) => `<option value="${escapeHtml(p.key)}">${escapeHtml(p.label)}</option>`).join('');
    actions = post(
      `${base}/identify`,
      'Identify',
      `<label>Identify as<select name="person">${options}<option value="other">Another personal number</option></select></label>` +
        `<label>Another personal number (YYYYMMDDXXXX)<input name="personalNumber" inputmode="numeric" autocomplete="off"></label>`,
    );
  }
  if (pending && order.hintCode === 'userSign') {
    actions = `<p>Identifying as ${escapeHtml(order.name ?? '')}.</p>${post(`${base}/approve`, 'Approve with security code')}`;
  }
  if (pending) actions += post(`${base}/cancel`, 'Cancel', '', true) + post(`${base}/timeout`, 'Let it time out', '', true);
  return page(
    'Simulated BankID phone',
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<section><h2>Order from ${escapeHtml(brandName)}</h2><p role="status">${escapeHtml(describeOrder(order))}</p>${actions}
<p><a href="${escapeHtml(base)}">Refresh</a> · <a href="/dev/bankid">All orders</a></p></section>`,
  );
}
