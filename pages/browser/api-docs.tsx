// The REST API docs: Swagger UI on the platform's own OpenAPI document (`/docs/<platform>` reads
// `/openapi/<platform>.json`), bundled from the installed package: no request leaves the platform.
import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-es-bundle.js";
import "swagger-ui-dist/swagger-ui.css";

const platform = location.pathname.split("/").filter(Boolean).pop();
SwaggerUIBundle({
  url: `/openapi/${platform}.json`,
  domNode: document.getElementById("api-docs"),
  deepLinking: true,
  // The public validator badge would ask another origin about the document.
  validatorUrl: null,
});
