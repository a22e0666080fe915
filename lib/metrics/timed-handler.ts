import { restRouteSeconds } from "./registry.js";

type Handler<Req, Res> = (req: Req, res: Res) => Promise<void>;

/** A route handler whose every run is observed under its service and route (the histogram child is made once, here). */
export function timedRoute<Req, Res>(service: string, route: string, handler: Handler<Req, Res>): Handler<Req, Res> {
  const seconds = restRouteSeconds.labels(service, route);
  return async (req, res) => {
    const started = performance.now();
    try {
      await handler(req, res);
    } finally {
      seconds.observe((performance.now() - started) / 1000);
    }
  };
}
