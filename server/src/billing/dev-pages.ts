/** HTML of the dev billing provider's checkout and portal pages (no script: strict CSP). */
import { escapeHtml } from '../auth/dev-idp-page.js';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1rem}button{padding:.6rem 1rem;font-weight:600}</style>
</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body>
</html>`;
}

export function renderDevCheckoutPage(options: {
  action: string;
  planName: string;
  subject: string;
  cancelUrl: string;
}): string {
  return page(
    'Dockhand test checkout',
    `<p>Development billing: no payment is taken.</p>
<p>Plan: <strong>${escapeHtml(options.planName)}</strong> for <strong>${escapeHtml(options.subject)}</strong></p>
<form method="post" action="${escapeHtml(options.action)}"><button type="submit">Complete purchase</button></form>
<p><a href="${escapeHtml(options.cancelUrl)}">Cancel</a></p>`,
  );
}

export function renderDevPortalPage(options: {
  organizationName: string;
  business: boolean;
  licenses: number;
  cancelAction: string;
  returnUrl: string;
}): string {
  const plan = options.business ? `Business (${options.licenses} Pro server licenses)` : 'Individual';
  const cancel = options.business
    ? `<form method="post" action="${escapeHtml(options.cancelAction)}"><button type="submit">Cancel Business subscription</button></form>`
    : '';
  return page(
    'Dockhand test billing portal',
    `<p>Organization: <strong>${escapeHtml(options.organizationName)}</strong></p><p>Plan: ${escapeHtml(plan)}</p>${cancel}
<p><a href="${escapeHtml(options.returnUrl)}">Return to Dockhand</a></p>`,
  );
}
