import type { Request, RequestHandler, Response } from "express";
import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import { RATE_COUNTED_HEADER, rateCountedRequests } from "../rate-limit.js";

/**
 * Apollo Server behind an Express route (after `express.json()`): what the Express integration does,
 * except that a complete answer is written with `res.end` — `res.send` would hash every answer for an
 * ETag, which no client of a GraphQL POST can use (a 75 KB answer costs a SHA-1 over it each time).
 * An answer that counted against a rate limit says so (`RATE_COUNTED_HEADER`).
 */
export function graphqlHandler<Context extends BaseContext>(apollo: ApolloServer<Context>, context: (args: { req: Request; res: Response }) => Promise<Context>): RequestHandler {
  apollo.assertStarted("graphqlHandler()");
  return (req, res) => {
    const request = { counted: false };
    return rateCountedRequests.run(request, async () => {
      const headers = new HeaderMap();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
      }
      const queryAt = req.url.indexOf("?");
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: queryAt < 0 ? "" : req.url.slice(queryAt), body: req.body },
        context: () => context({ req, res }),
      });
      for (const [key, value] of answer.headers) res.setHeader(key, value);
      if (request.counted) res.setHeader(RATE_COUNTED_HEADER, "1");
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === "complete") {
        res.end(answer.body.string);
        return;
      }
      for await (const chunk of answer.body.asyncIterator) res.write(chunk);
      res.end();
    });
  };
}
