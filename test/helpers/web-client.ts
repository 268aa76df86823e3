import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipart, type Part } from './multipart.ts';

export const PASSWORD = 'correct horse battery';

const octet = () => 1 + Math.floor(Math.random() * 254);

/** A browser stand-in for inject(): keeps cookies, reads each page's form token, posts forms. */
export class WebClient {
  readonly app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  /** Headers sent with every request (a remote address, Sec-Fetch-Site …). */
  readonly headers: Record<string, string>;
  last: LightMyRequestResponse | undefined;
  remoteAddress: string;

  constructor(
    app: FastifyInstance,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) {
    this.app = app;
    this.headers = options.headers ?? {};
    // A browser of its own address unless told: sign-ups are limited per address, as in life.
    this.remoteAddress = options.remoteAddress ?? `10.${octet()}.${octet()}.${octet()}`;
  }

  #keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    this.last = res;
    return res;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.#keep(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.remoteAddress,
        headers: { ...this.headers, ...(this.cookies.size ? { cookie: this.cookieHeader } : {}) },
      }),
    );
  }

  async post(
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.#keep(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.remoteAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...this.headers,
          ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
          ...headers,
        },
        payload: new URLSearchParams(fields).toString(),
      }),
    );
  }

  async postMultipart(url: string, parts: Part[]): Promise<LightMyRequestResponse> {
    const body = multipart(parts);
    return this.#keep(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.remoteAddress,
        headers: {
          ...this.headers,
          ...body.headers,
          ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        },
        payload: body.payload,
      }),
    );
  }

  /** The form token of the page at `url` (fetched now). */
  async csrf(url: string): Promise<string> {
    const page = await this.get(url);
    return csrfIn(page.body);
  }

  /** Signs up (the answer never says whether the e-mail was taken), then logs in: the log-in's answer. */
  async signup(email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    const res = await this.signupOnly(email, password);
    if (res.statusCode !== 303) return res;
    return this.login(email, password);
  }

  /** The sign-up form alone: its answer. */
  async signupOnly(email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    const csrf = await this.csrf('/signup');
    return this.post('/signup', { csrf, email, password, confirm: password });
  }

  async login(email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    const csrf = await this.csrf('/login');
    return this.post('/login', { csrf, email, password });
  }

  /** Creates a key on the API Keys page; returns the key shown once. */
  async createKey(name = 'test key'): Promise<string> {
    const csrf = await this.csrf('/keys');
    const posted = await this.post('/keys', { csrf, name });
    if (posted.statusCode !== 303) throw new Error(`key not created (status ${posted.statusCode})`);
    const res = await this.get(String(posted.headers.location));
    const key = /<code class="key" id="new-key">(dj_[0-9A-Za-z]+)<\/code>/.exec(res.body)?.[1];
    if (!key) throw new Error(`no key on the page (status ${res.statusCode})`);
    return key;
  }
}

export function csrfIn(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no form token on the page');
  return token;
}
