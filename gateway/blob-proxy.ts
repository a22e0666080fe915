import http from "node:http";
import type { Express, Request, Response } from "express";
import type { Logger } from "../lib/logger.js";

const FORWARDED_HEADERS = ["content-type", "content-length", "transfer-encoding"];

/**
 * Signed blob downloads and uploads are answered by the assets service; the gateway's port passes
 * them through as streams (nothing is buffered here), so every public URL lives on one port.
 */
export function mountBlobProxy(app: Express, target: () => string, log: Logger): void {
  const forward = (req: Request, res: Response) => {
    const headers = Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (req.headers[name] ? [[name, req.headers[name] as string]] : [])));
    const outgoing = http.request(`${target()}${req.originalUrl}`, { method: req.method, headers }, (incoming) => {
      res.status(incoming.statusCode ?? 502);
      for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined && name !== "connection") res.setHeader(name, value);
      incoming.pipe(res);
    });
    outgoing.on("error", (error) => {
      log.error({ err: error }, "the assets service could not be reached");
      if (!res.headersSent) res.status(502).json({ code: "internal_error", message: "The file service is unavailable" });
      else res.destroy();
    });
    req.pipe(outgoing);
  };
  app.get("/blobs/*key", forward);
  app.put("/uploads/:uploadId", forward);
}
