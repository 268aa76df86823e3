import { type Html, html } from '../html.ts';

export interface PageFrame {
  title: string;
  /** The logged-in user's e-mail and the token for the Log out form; absent for a visitor. */
  user?: { email: string; csrf: string };
  /** The path of the page, to mark its link in the navigation. */
  path: string;
  /** Whether /docs is served. */
  docs: boolean;
}

const NAV = [
  ['/keys', 'API Keys'],
  ['/usage', 'Usage'],
  ['/playground', 'Playground'],
  ['/account', 'Account'],
] as const;

function navigation(frame: PageFrame): Html {
  if (!frame.user) {
    return html`<nav aria-label="Main"><ul>
      <li><a href="/signup">Sign up</a></li>
      <li><a href="/login">Log in</a></li>
      ${frame.docs ? html`<li><a href="/docs">API docs</a></li>` : ''}
    </ul></nav>`;
  }
  return html`<nav aria-label="Main"><ul>
      ${NAV.map(
        ([href, label]) =>
          html`<li><a href="${href}"${frame.path === href ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}
      ${frame.docs ? html`<li><a href="/docs">API docs</a></li>` : ''}
    </ul>
    <form method="post" action="/logout" class="logout">
      <input type="hidden" name="csrf" value="${frame.user.csrf}">
      <span class="who">${frame.user.email}</span>
      <button type="submit">Log out</button>
    </form></nav>`;
}

/** The whole document around a page's main content. */
export function layout(frame: PageFrame, main: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · docjson</title>
<link rel="stylesheet" href="/assets/site.css">
<script src="/assets/site.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/">docjson</a>${navigation(frame)}</header>
<main id="main">
${main}
</main>
</body>
</html>
`.text;
}

/** A message above a form; role=alert so a screen reader announces it. */
export function alert(message: string | undefined): Html {
  return message ? html`<p class="alert" role="alert"><strong>Error:</strong> ${message}</p>` : html``;
}
