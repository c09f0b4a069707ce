// The one script of both web pages, served from the Worker's own origin (the CSP allows no inline script).
// It knows no service: a `<form data-api="/admin/api/…">` is sent as JSON with the session's CSRF token;
// field names are the API's field names. On success it can reveal a secret once (with a copy button), say
// what happened beside the form, in a live region, and re-render sections from a fresh copy of the server-rendered
// page (or, for an action that ends the session, `data-reload`, load the page again).
// A webhook recovery form (`data-recover`) follows the answer's `more` for a few calls and says how many it queued.
const csrfMeta = document.querySelector('meta[name="csrf-token"]');
const csrf = csrfMeta ? csrfMeta.getAttribute("content") : "";

// The page's status line (#status) says what is not a form's outcome, such as a copy.
function announce(text, isError, status = document.getElementById("status")) {
  if (!status) return;
  status.textContent = text;
  status.classList.toggle("status-error", isError);
}

// A form's outcome is said where the form is: the page's status line is above the cards, out of view of most
// forms. Made on the first send, before "Working…", so that the outcome is a change a screen reader announces.
let formStatuses = 0;
function formStatus(form) {
  let status = form.querySelector(".form-status");
  if (!status) {
    status = document.createElement("p");
    status.id = "form-status-" + ++formStatuses;
    status.className = "form-status";
    status.setAttribute("role", "status");
    form.appendChild(status);
  }
  return status;
}

function describedBy(field, ids) {
  if (ids.length) field.setAttribute("aria-describedby", ids.join(" "));
  else field.removeAttribute("aria-describedby");
}

// The fields a refusal names: `url: must be https` (the API's validation names a field so), or a field's name as a
// word of the message ("An admin with that email exists"). Each is marked invalid and described by the refusal.
function markRefused(form, message, status) {
  const named = /^([\w.[\]]+):/.exec(message);
  const names = named ? [named[1], named[1].split(/[.[]/)[0]] : [];
  for (const field of Array.from(form.elements)) {
    if (!field.name || field.type === "hidden" || field.type === "submit" || field.type === "button") continue;
    const refused = named ? names.includes(field.name) : /^\w+$/.test(field.name) && new RegExp("\\b" + field.name + "\\b", "i").test(message);
    if (!refused) continue;
    field.setAttribute("aria-invalid", "true");
    const ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (!ids.includes(status.id)) describedBy(field, ids.concat(status.id));
  }
}

function clearRefused(form, status) {
  for (const field of Array.from(form.elements)) {
    if (field.getAttribute("aria-invalid") !== "true") continue;
    field.removeAttribute("aria-invalid");
    describedBy(
      field,
      (field.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== status.id),
    );
  }
}

// Where focus was when a form was sent, so that it can come back after a refresh replaced the card holding it.
function focusPlace(form) {
  const control = document.activeElement;
  if (!control || control === document.body) return null;
  return { control: control, index: Array.prototype.indexOf.call(form.elements, control) };
}

const formKey = (form) => form.getAttribute("data-api") + " " + (form.getAttribute("data-method") || "POST");

// A refresh replaces a card's forms with new ones: the new one is the form sending the same call.
function sameForm(form) {
  const key = formKey(form);
  return Array.from(document.querySelectorAll("form[data-api]")).find((f) => formKey(f) === key) || null;
}

// After a refresh: the outcome moves to the form now in the old one's place, or under the card's heading when the
// action removed it (a revoked key, a deleted endpoint). Focus, if it went with the old form, goes to the same
// control in the new one, or else to that heading, so that a keyboard or screen-reader user keeps their place.
function settle(form, card, status, place) {
  const now = form.isConnected ? form : sameForm(form);
  const heading = card ? card.querySelector("h2") : null;
  if (now && now !== form) now.appendChild(status);
  else if (!now && heading) {
    const earlier = heading.nextElementSibling;
    if (earlier?.classList.contains("form-status")) earlier.remove();
    heading.after(status);
  }
  if (!place || (document.activeElement && document.activeElement !== document.body)) return;
  restoreFocus(form, card, place);
}

// Focus back on the control it was on, in the form now in the old one's place, or on the card's heading when the
// action removed that form.
function restoreFocus(form, card, place) {
  const now = form.isConnected ? form : sameForm(form);
  const control = place.control.isConnected ? place.control : now && place.index >= 0 ? now.elements[place.index] : null;
  const heading = card ? card.querySelector("h2") : null;
  if (control && !control.disabled) control.focus();
  else if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  }
}

// The end of a day in India is the next day's 00:00 IST, the first instant the chosen day no longer covers
// (expiry is exclusive). IST has no daylight saving, so the next day starts exactly 24 hours later.
function istEndOfDay(date) {
  return new Date(Date.parse(date + "T00:00:00+05:30") + 86400000).toISOString();
}

function two(n) {
  return (n < 10 ? "0" : "") + n;
}

// A date-time field's value (YYYY-MM-DDTHH:MM:SS) for an instant, in the browser's own time zone.
function localTime(ms) {
  const d = new Date(ms);
  return (
    d.getFullYear() +
    "-" +
    two(d.getMonth() + 1) +
    "-" +
    two(d.getDate()) +
    "T" +
    two(d.getHours()) +
    ":" +
    two(d.getMinutes()) +
    ":" +
    two(d.getSeconds())
  );
}

// The server cannot know the browser's time zone, so date-times that start some hours ago are filled in here.
function fillTimes() {
  document.querySelectorAll("input[data-hours-ago]").forEach((input) => {
    if (!input.value) input.value = localTime(Date.now() - Number(input.getAttribute("data-hours-ago")) * 3600000);
  });
}

function ticked(elements, name) {
  for (let j = 0; j < elements.length; j++) if (elements[j].name === name && elements[j].checked) return true;
  return false;
}

function bodyOf(form) {
  const body = {};
  const elements = form.elements;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    if (!el.name || el.disabled || el.type === "submit" || el.type === "button") continue;
    // Left out while the checkbox it names is ticked: the events ticked mean nothing while "every event" is.
    const unless = el.getAttribute("data-unless");
    if (unless && ticked(elements, unless)) continue;
    if (el.hasAttribute("data-array")) {
      if (!Array.isArray(body[el.name])) body[el.name] = [];
      if (el.checked) body[el.name].push(el.value);
      continue;
    }
    if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
    // A password is the characters typed, spaces included, as sign-in compares it; other fields are trimmed.
    const value = el.type === "password" ? el.value : el.value.trim();
    if (value === "") continue;
    if (el.hasAttribute("data-number")) body[el.name] = Number(value);
    else if (el.hasAttribute("data-boolean")) body[el.name] = value === "true";
    else if (el.hasAttribute("data-ist-date")) body[el.name] = istEndOfDay(value);
    // A date-time without an offset is the browser's local time; sent as the same instant in UTC.
    else if (el.hasAttribute("data-local-time")) body[el.name] = new Date(value).toISOString();
    else body[el.name] = value;
  }
  return body;
}

function errorMessage(payload, status) {
  if (payload?.error) {
    if (typeof payload.error === "string") return payload.error;
    if (payload.error.message) return payload.error.message;
  }
  if (status === 401) return "Your session has ended. Reload the page and sign in again.";
  return "The request failed (HTTP " + status + "). Try again.";
}

// Where focus goes back to when the new-secret panel is dismissed: the control whose action showed it.
let revealedBy = null;

function reveal(form, data, card, place) {
  const field = form.getAttribute("data-reveal");
  const panel = document.getElementById("reveal");
  if (!field || !panel || !data || typeof data[field] !== "string") return;
  revealedBy = place ? { form: form, card: card, place: place } : null;
  document.getElementById("reveal-title").textContent = form.getAttribute("data-reveal-title") || "Copy it now";
  document.getElementById("reveal-value").value = data[field];
  const note = document.getElementById("reveal-note");
  if (note) note.textContent = form.getAttribute("data-reveal-note") || "It is shown only this once.";
  panel.hidden = false;
  document.getElementById("reveal-title").focus();
}

// The page as it is (its query names which page of keys it shows), so a section stays the page it was.
// Per section, the latest refresh asked for it: an older page that arrives after a newer one (two actions in
// quick succession) must not put the section back to the state before the later action.
let refreshes = 0;
const latestRefresh = {};

function refresh(ids) {
  if (!ids) return Promise.resolve();
  const mine = ++refreshes;
  const sections = ids.split(/\s+/);
  sections.forEach((id) => {
    latestRefresh[id] = mine;
  });
  return fetch(location.pathname + location.search, { credentials: "same-origin", headers: { Accept: "text/html" } })
    .then((response) => response.text())
    .then((html) => {
      const fresh = new DOMParser().parseFromString(html, "text/html");
      sections.forEach((id) => {
        const current = document.getElementById(id);
        const next = fresh.getElementById(id);
        if (current && next && latestRefresh[id] === mine) current.innerHTML = next.innerHTML;
      });
      fillTimes();
    });
}

function call(url, init) {
  return fetch(url, init).then((response) =>
    response.text().then((text) => {
      let payload = null;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch (_e) {
        payload = null;
      }
      if (!response.ok) throw new Error(errorMessage(payload, response.status));
      return payload;
    }),
  );
}

function failedDeliveries(count) {
  return count.toLocaleString("en") + (count === 1 ? " failed delivery" : " failed deliveries");
}

// A recovery queues what the endpoint's limit allows (1,000 re-sends in 10 minutes) and names where the rest
// begin: the script goes on for a few calls, and past them leaves where it stopped in the form's field; past
// the limit the API's 429 message says so.
const RECOVERY_CALLS = 5;

function recover(form, init) {
  const nextField = form.getAttribute("data-recover");
  let queued = 0;
  function from(since, calls) {
    init.body = JSON.stringify({ since: since });
    return call(form.getAttribute("data-api"), init).then(
      (payload) => {
        queued += payload.data.queued;
        const next = payload.data.more ? payload.data[nextField] : null;
        if (next && calls < RECOVERY_CALLS) return from(next, calls + 1);
        const field = form.querySelector("input[data-local-time]");
        return {
          text: next
            ? failedDeliveries(queued) + " queued again; more remain: press Re-send failed again to continue."
            : queued === 0
              ? "No failed deliveries since then: nothing to re-send."
              : failedDeliveries(queued) + " queued again.",
          // The refreshed form starts again at its default; it goes on instead from the first event not yet queued,
          // to the second, so up to a second earlier: the events of that second before it were just queued, so are
          // pending, and a recovery leaves pending deliveries alone.
          after:
            next && field
              ? () => {
                  const fresh = document.getElementById(field.id);
                  if (fresh) fresh.value = localTime(Date.parse(next));
                }
              : null,
        };
      },
      (error) => {
        if (queued > 0) throw new Error(failedDeliveries(queued) + " queued again, then: " + error.message);
        throw error;
      },
    );
  }
  return from(JSON.parse(init.body).since, 1);
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-api")) return;
  event.preventDefault();
  const question = form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) return;
  const method = form.getAttribute("data-method") || "POST";
  const init = { method: method, credentials: "same-origin", headers: { "X-CSRF-Token": csrf, Accept: "application/json" } };
  if (method !== "GET" && method !== "DELETE" && !form.hasAttribute("data-no-body")) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(bodyOf(form));
  }
  const status = formStatus(form);
  const card = form.closest("section.card");
  const place = focusPlace(form);
  clearRefused(form, status);
  const buttons = form.querySelectorAll("button");
  buttons.forEach((b) => {
    b.disabled = true;
  });
  announce("Working…", false, status);
  const sent = form.hasAttribute("data-recover")
    ? recover(form, init)
    : call(form.getAttribute("data-api"), init).then((payload) => {
        reveal(form, payload?.data, card, place);
        return { text: form.getAttribute("data-done") || "Done.", after: null };
      });
  sent
    .then((outcome) => {
      announce(outcome.text, false, status);
      // An action that ends the session itself (an admin removing themselves) loads the whole page again, which
      // is then the sign-in form: the sections a refresh would copy are no longer on it.
      if (form.hasAttribute("data-reload")) return location.reload();
      if (!form.hasAttribute("data-keep")) form.reset();
      return refresh(form.getAttribute("data-refresh")).then(outcome.after);
    })
    .catch((error) => {
      announce(error.message, true, status);
      markRefused(form, error.message, status);
    })
    .then(() => {
      buttons.forEach((b) => {
        b.disabled = false;
      });
      settle(form, card, status, place);
      // A refresh may have grown what is above the form: the outcome is kept in view, unless a new secret's panel
      // has taken focus.
      if (!document.getElementById("reveal")?.contains(document.activeElement)) status.scrollIntoView({ block: "nearest" });
    });
});

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
  if (!button) return;
  const input = document.querySelector(button.getAttribute("data-copy"));
  if (!input) return;
  const done = () => {
    announce("Copied to the clipboard.", false);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, () => {
      input.select();
      announce("Press Ctrl+C (or ⌘C) to copy.", false);
    });
  } else {
    input.select();
    document.execCommand("copy");
    done();
  }
});

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-dismiss]") : null;
  if (!button) return;
  const panel = document.getElementById(button.getAttribute("data-dismiss"));
  if (!panel) return;
  panel.hidden = true;
  const value = panel.querySelector("input");
  if (value) value.value = "";
  if (panel.id === "reveal" && revealedBy) {
    restoreFocus(revealedBy.form, revealedBy.card, revealedBy.place);
    revealedBy = null;
  }
});

fillTimes();
