// The one script of both web pages, served from the Worker's own origin (the CSP allows no inline script).
// It knows no service: a `<form data-api="/admin/api/…">` is sent as JSON with the session's CSRF token;
// field names are the API's field names. On success it can reveal a secret once (with a copy button), say
// what happened in a live region, and re-render sections from a fresh copy of the server-rendered page.
import { asset } from "./headers";

const source = String.raw`"use strict";
(function () {
  var csrfMeta = document.querySelector('meta[name="csrf-token"]');
  var csrf = csrfMeta ? csrfMeta.getAttribute("content") : "";

  function announce(text, isError) {
    var status = document.getElementById("status");
    if (!status) return;
    status.textContent = text;
    status.className = isError ? "status status-error" : "status";
  }

  // The end of a day in India is the next day's 00:00 IST, the first instant the chosen day no longer covers
  // (expiry is exclusive). IST has no daylight saving, so the next day starts exactly 24 hours later.
  function istEndOfDay(date) {
    return new Date(Date.parse(date + "T00:00:00+05:30") + 86400000).toISOString();
  }

  function ticked(elements, name) {
    for (var j = 0; j < elements.length; j++) if (elements[j].name === name && elements[j].checked) return true;
    return false;
  }

  function bodyOf(form) {
    var body = {};
    var elements = form.elements;
    for (var i = 0; i < elements.length; i++) {
      var el = elements[i];
      if (!el.name || el.disabled || el.type === "submit" || el.type === "button") continue;
      // Left out while the checkbox it names is ticked: the events ticked mean nothing while "every event" is.
      var unless = el.getAttribute("data-unless");
      if (unless && ticked(elements, unless)) continue;
      if (el.hasAttribute("data-array")) {
        if (!Array.isArray(body[el.name])) body[el.name] = [];
        if (el.checked) body[el.name].push(el.value);
        continue;
      }
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
      var value = el.value.trim();
      if (value === "") continue;
      if (el.hasAttribute("data-number")) body[el.name] = Number(value);
      else if (el.hasAttribute("data-boolean")) body[el.name] = value === "true";
      else if (el.hasAttribute("data-ist-date")) body[el.name] = istEndOfDay(value);
      else body[el.name] = value;
    }
    return body;
  }

  function errorMessage(payload, status) {
    if (payload && payload.error) {
      if (typeof payload.error === "string") return payload.error;
      if (payload.error.message) return payload.error.message;
    }
    if (status === 401) return "Your session has ended. Reload the page and sign in again.";
    return "The request failed (HTTP " + status + "). Try again.";
  }

  function reveal(form, data) {
    var field = form.getAttribute("data-reveal");
    var panel = document.getElementById("reveal");
    if (!field || !panel || !data || typeof data[field] !== "string") return;
    document.getElementById("reveal-title").textContent = form.getAttribute("data-reveal-title") || "Copy it now";
    document.getElementById("reveal-value").value = data[field];
    var note = document.getElementById("reveal-note");
    if (note) note.textContent = form.getAttribute("data-reveal-note") || "It is shown only this once.";
    panel.hidden = false;
    document.getElementById("reveal-title").focus();
  }

  // The page as it is (its query names which page of keys it shows), so a section stays the page it was.
  function refresh(ids) {
    if (!ids) return Promise.resolve();
    return fetch(location.pathname + location.search, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        ids.split(/\s+/).forEach(function (id) {
          var current = document.getElementById(id);
          var next = fresh.getElementById(id);
          if (current && next) current.innerHTML = next.innerHTML;
        });
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-api")) return;
    event.preventDefault();
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) return;
    var method = form.getAttribute("data-method") || "POST";
    var init = { method: method, credentials: "same-origin", headers: { "X-CSRF-Token": csrf, Accept: "application/json" } };
    if (method !== "GET" && method !== "DELETE" && !form.hasAttribute("data-no-body")) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(bodyOf(form));
    }
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    announce("Working…", false);
    fetch(form.getAttribute("data-api"), init)
      .then(function (response) {
        return response.text().then(function (text) {
          var payload = null;
          try { payload = text ? JSON.parse(text) : null; } catch (e) { payload = null; }
          if (!response.ok) throw new Error(errorMessage(payload, response.status));
          return payload;
        });
      })
      .then(function (payload) {
        reveal(form, payload && payload.data);
        announce(form.getAttribute("data-done") || "Done.", false);
        if (!form.hasAttribute("data-keep")) form.reset();
        return refresh(form.getAttribute("data-refresh"));
      })
      .catch(function (error) { announce(error.message, true); })
      .then(function () { buttons.forEach(function (b) { b.disabled = false; }); });
  });

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    var input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    var done = function () { announce("Copied to the clipboard.", false); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { input.select(); announce("Press Ctrl+C (or ⌘C) to copy.", false); });
    } else {
      input.select();
      document.execCommand("copy");
      done();
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-dismiss]") : null;
    if (!button) return;
    var panel = document.getElementById(button.getAttribute("data-dismiss"));
    if (!panel) return;
    panel.hidden = true;
    var value = panel.querySelector("input");
    if (value) value.value = "";
  });
})();
`;

export const CLIENT_JS = asset(source, "text/javascript; charset=utf-8");
