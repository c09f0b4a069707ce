// Both services' sign-in form, signed-in header bar, change-password card and the page answering a password change.
import type { Child } from "hono/jsx";
import { PASSWORD_FIELDS, type PasswordOutcome } from "../auth/change-password";
import { EMAIL_MAX_LENGTH, PASSWORD_LENGTH } from "../auth/credentials";
import { ErrorBox, HiddenCsrf, Layout, type LayoutProps } from "./layout";

/** A password being chosen (signing up, adding an admin, changing one's own): the length rule the server checks. */
export function NewPasswordInput(props: { id: string; name: string; hintId?: string }) {
  return (
    <input
      id={props.id}
      name={props.name}
      type="password"
      autocomplete="new-password"
      required
      minlength={PASSWORD_LENGTH.min}
      maxlength={PASSWORD_LENGTH.max}
      aria-describedby={props.hintId}
    />
  );
}

/** Email and password posted to `action` with the double-submit token. */
export function SignInForm(props: { action: string; formToken: string; email?: string | undefined }) {
  return (
    <form method="post" action={props.action}>
      <HiddenCsrf token={props.formToken} />
      <label for="signin-email">Email</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength={EMAIL_MAX_LENGTH} value={props.email} />
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength={PASSWORD_LENGTH.max} />
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

/**
 * The signed-in person's change-password form, a plain form post to `action` with the session's CSRF token. The
 * email rides along unseen, unnamed and never sent, so a password manager knows whose password changes.
 */
export function ChangePasswordCard(props: { action: string; csrfToken: string; email: string }) {
  return (
    <section class="card" id="password" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form method="post" action={props.action}>
        <HiddenCsrf token={props.csrfToken} />
        <input type="email" autocomplete="username" value={props.email} hidden readonly />
        <label for="current-password">Current password</label>
        <input
          id="current-password"
          name={PASSWORD_FIELDS.current}
          type="password"
          autocomplete="current-password"
          required
          maxlength={PASSWORD_LENGTH.max}
        />
        <label for="new-password">New password</label>
        <NewPasswordInput id="new-password" name={PASSWORD_FIELDS.next} hintId="new-password-hint" />
        <p id="new-password-hint" class="hint">
          At least {PASSWORD_LENGTH.min} characters. Every other browser signed in as you is signed out; this one stays signed in.
        </p>
        <label for="confirm-password">New password again</label>
        <NewPasswordInput id="confirm-password" name={PASSWORD_FIELDS.confirm} />
        <div class="actions">
          <button type="submit">Change password</button>
        </div>
      </form>
    </section>
  );
}

/**
 * The page a change-password post answers with, in the service's frame (title, assets, header): a change that
 * worked is said in the status line, a refusal above the form again; either way a link leads back.
 */
export function PasswordOutcomePage(
  props: Pick<LayoutProps, "title" | "assetBase" | "header"> & {
    outcome: PasswordOutcome;
    action: string;
    csrfToken: string;
    email: string;
    back: { href: string; label: string };
  },
) {
  const { outcome } = props;
  return (
    <Layout
      title={props.title}
      assetBase={props.assetBase}
      csrfToken={props.csrfToken}
      header={props.header}
      status={outcome.changed ? outcome.message : undefined}
    >
      <ErrorBox message={outcome.changed ? undefined : outcome.message} />
      {outcome.changed ? null : <ChangePasswordCard action={props.action} csrfToken={props.csrfToken} email={props.email} />}
      <p>
        <a href={props.back.href}>{props.back.label}</a>
      </p>
    </Layout>
  );
}
