// Page frame and small building blocks shared by both services' pages (server-rendered with hono/jsx; every
// interpolated value is HTML-escaped by the renderer).
import type { Child, PropsWithChildren } from "hono/jsx";

export interface LayoutProps {
  title: string;
  /** Where the page's script and stylesheet are served (`/ui`, `/admin/assets`). */
  assetBase: string;
  /** The session's CSRF token, read by the script for `X-CSRF-Token`; absent when signed out. */
  csrfToken?: string | undefined;
  header: Child;
  /** What the status line says as the page opens (the outcome of a form post); the script writes it later. */
  status?: string | undefined;
}

export function Layout(props: PropsWithChildren<LayoutProps>) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        {props.csrfToken ? <meta name="csrf-token" content={props.csrfToken} /> : null}
        <title>{props.title}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={`${props.assetBase}/app.css`} />
        <script type="module" src={`${props.assetBase}/app.js`}></script>
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">{props.header}</header>
        <main id="main" tabindex={-1}>
          <p id="status" class="status" role="status" aria-live="polite">
            {props.status}
          </p>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** The panel that shows a new secret once, with a copy button; filled in by the script. */
export function RevealPanel() {
  return (
    <section id="reveal" class="card" hidden aria-labelledby="reveal-title">
      <h2 id="reveal-title" tabindex={-1}>
        Copy it now
      </h2>
      <p id="reveal-note" class="hint">
        It is shown only this once.
      </p>
      <div class="secret">
        <label for="reveal-value" class="visually-hidden">
          Secret
        </label>
        <input id="reveal-value" type="text" readonly autocomplete="off" spellcheck={false} />
        <button type="button" data-copy="#reveal-value">
          Copy
        </button>
        <button type="button" class="secondary" data-dismiss="reveal">
          I have stored it
        </button>
      </div>
    </section>
  );
}

export function State(props: { value: string }) {
  return <span class={`state state-${props.value}`}>{props.value}</span>;
}

export function time(iso: string | null | undefined): string {
  if (!iso) return "—";
  return iso.replace("T", " ").replace(/:\d\d\.\d+Z$/, " UTC");
}

export function Time(props: { value: string | null | undefined }) {
  if (!props.value) return <span class="empty">never</span>;
  return <time datetime={props.value}>{time(props.value)}</time>;
}

export function ErrorBox(props: { message: string | undefined }) {
  if (!props.message) return null;
  return (
    <p class="error" role="alert">
      {props.message}
    </p>
  );
}

export function HiddenCsrf(props: { token: string }) {
  return <input type="hidden" name="csrf" value={props.token} />;
}
