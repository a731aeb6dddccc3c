/** The dev identity provider's pages: plain HTML, no script (works under a strict CSP). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dockhand development sign-in</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;display:flex;justify-content:center;padding-top:10vh;margin:0}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);width:20rem}
label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem}
button{margin-top:1.5rem;width:100%;padding:.6rem;font-weight:600}
.error{color:#b00020}
small{color:#555}
a.start{display:block;margin-top:1.5rem;text-align:center;padding:.6rem;font-weight:600;background:#2b6cb0;color:#fff;border-radius:4px;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>Dockhand</h1>
${body}
</main>
</body>
</html>`;
}

export function renderDevSignInPage(options: {
  action: string;
  name?: string;
  email?: string;
  error?: string;
}): string {
  const error = options.error ? `<p role="alert" class="error">${escapeHtml(options.error)}</p>` : '';
  return page(`<small>Development identity provider: any name and email sign you in.</small>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="255" required value="${escapeHtml(options.name ?? '')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="255" required value="${escapeHtml(options.email ?? '')}">
<button type="submit">Sign in</button>
</form>`);
}

/**
 * What the provider's own address shows when opened (the start prints it): sign-in starts from
 * Dockhand, which sends the browser back here with a form.
 */
export function renderDevProviderPage(loginUrl: string): string {
  return page(`<p>This is Dockhand's built-in development identity provider. Sign-in starts from Dockhand:
choose <strong>Sign in with Google</strong> there and this provider asks for a name and an email
(any will do) instead of Google.</p>
<a class="start" href="${escapeHtml(loginUrl)}">Open Dockhand</a>`);
}
