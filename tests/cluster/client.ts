/**
 * The cluster test's HTTP client: every call through the balancer (or straight to one instance), with the
 * status, the body, which instance answered (HAProxy's X-Served-By) and a count of everything sent.
 *
 * Per-IP limits: the instances believe only the balancer's hop (TRUST_PROXY=127.0.0.1), and the test's
 * own address is loopback too, so an X-Forwarded-For the test sends is the client address the instances
 * see. Each simulated person gets an address of their own, as real users would have.
 */
export interface Reply {
  status: number;
  body: unknown;
  servedBy: string;
  retryAfter: string | null;
  /** Network failure (connection reset): no HTTP answer at all. */
  failed?: boolean;
}

export const counters = { sent: 0 };

export class Client {
  constructor(
    readonly origin: string,
    readonly ip: string,
    public cookie = '',
  ) {}

  async call(method: string, path: string, body?: unknown, base = this.origin): Promise<Reply> {
    counters.sent++;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          origin: this.origin,
          'x-forwarded-for': this.ip,
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
      if (cookies.length > 0) this.cookie = cookies.join('; ');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (HAProxy's own error pages).
      }
      return {
        status: response.status,
        body: parsed,
        servedBy: response.headers.get('x-served-by') ?? '',
        retryAfter: response.headers.get('retry-after'),
      };
    } catch {
      return { status: 0, body: null, servedBy: '', retryAfter: null, failed: true };
    }
  }
}

let nextIp = 1;
/** A technician signed up through the balancer, experience level set, with an address of their own. */
export async function signUpTech(origin: string, name: string): Promise<Client> {
  const n = nextIp++;
  const client = new Client(origin, `10.32.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  const email = `${name}@example.com`;
  const signUp = await client.call('POST', '/api/v1/auth/sign-up', {
    email,
    password: 'Rotor-gauge-42',
    fullName: `Cluster ${name}`,
    role: 'tech',
    yearsOfExperience: '3_to_5',
  });
  if (signUp.status !== 200 && signUp.status !== 201) {
    throw new Error(`sign-up of ${email}: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  }
  const level = await client.call('PUT', '/api/v1/me/experience-level', { experienceLevel: '3_to_5' });
  if (level.status !== 200) throw new Error(`experience level: ${level.status}`);
  return client;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
