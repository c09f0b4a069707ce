// The sign-in form and the signed-in header bar of both services' pages.
import type { Child } from "hono/jsx";
import { HiddenCsrf } from "./layout";

/** Email and password posted to `action` with the double-submit token. */
export function SignInForm(props: { action: string; formToken: string; email?: string | undefined }) {
  return (
    <form method="post" action={props.action}>
      <HiddenCsrf token={props.formToken} />
      <label for="signin-email">Email</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength={254} value={props.email} />
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength={200} />
      <div class="actions">
        <button type="submit">Sign in</button>
      </div>
    </form>
  );
}

/** Who is signed in, and the sign-out form posting to `action`. */
export function SignOutBar(props: { who: Child; action: string; csrfToken: string }) {
  return (
    <div class="row-actions">
      <span class="who">{props.who}</span>
      <form method="post" action={props.action}>
        <HiddenCsrf token={props.csrfToken} />
        <button type="submit" class="secondary">
          Sign out
        </button>
      </form>
    </div>
  );
}
