export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is (no JSON encoding) when a string or bytes. */
  body?: unknown;
}

/** A small client over real HTTP for the tests. */
export class HttpClient {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === "string") body = options.body;
      else if (options.body instanceof Uint8Array) body = new Uint8Array(options.body);
      else body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* plain text body */
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }

  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", path, { ...options, body });
  }

  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>("PUT", path, { ...options, body });
  }

  /** POST /graphql with a JSON body. */
  graphql<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string) {
    return this.post<{ data?: T; errors?: { message: string; path?: (string | number)[]; locations?: { line: number; column: number }[]; extensions: Record<string, any> }[] }>(
      "/graphql",
      { query, variables },
      { token },
    );
  }
}
