// Starts Swagger UI on the API reference page (a served file: the pages' CSP allows no inline script). The page
// names the OpenAPI document it renders in its container's data-document.
const reference = document.getElementById("api-reference");

// validatorUrl null: Swagger UI would otherwise send the document to an outside validator for a badge.
window.ui = SwaggerUIBundle({
  url: reference.dataset.document,
  dom_id: "#api-reference",
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
});

// Swagger UI wraps its server drop-down in a label with no text, so it has no name; the "Servers" title beside it
// is made its name, again whenever Swagger UI draws the drop-down anew.
new MutationObserver(() => {
  const select = document.getElementById("servers");
  const title = reference.querySelector(".servers-title");
  if (!select || !title || select.hasAttribute("aria-labelledby")) return;
  title.id = "servers-title";
  select.setAttribute("aria-labelledby", title.id);
}).observe(reference, { childList: true, subtree: true });
