/**
 * Every path of the app (SPEC.md section 2) in one table: the router matches these patterns
 * (app/routes.ts) and every link, back arrow and redirect builds its path from them with
 * `pathTo`, so a path is written once and a wrong parameter is a type error.
 */
export const PATTERNS = {
  home: '/',
  language: '/languageSet',
  info: '/info/:id',
  finance: '/finance',
  productOrder: '/productorder',
  productRule: '/productrule',
  productDetail: '/productdetail',
  productTransferIn: '/producttransferin',
  helpList: '/help/list',
  help: '/help/:id',
  service: '/ServicePage',
  recharge: '/recharge/:back?',
  lotteryPrize: '/lotteryprize',
  account: '/user',
  income: '/my_income',
  withdraw: '/withdraw',
  messages: '/message',
  passwords: '/my_password',
  bankList: '/banklist',
  bankAdd: '/bankadd',
  settings: '/my_set',
  version: '/my_update',
  login: '/login',
  register: '/register',
  // Addition: a forgotten login password, reset with an SMS code.
  forgotPassword: '/forgot_password',
  loginPassword: '/userloginpassword',
  payPassword: '/usercipherpassword',
  activity: '/activity/:id',
  roomList: '/room_list/:type',
  current: '/current/:id',
  // Addition: the member's own limits, pause and reality check.
  responsiblePlay: '/responsible_play',
  // Addition: a past round's fairness proof, re-checked in the browser (DESIGN.md section 3).
  fairness: '/fairness/:roomid/:seqno',
  // Addition: what the fund log's marks check, the member's balance among what is owed (docs/ledger.md).
  ledger: '/ledger',
} as const;

export type RouteName = keyof typeof PATTERNS;
type PatternOf<N extends RouteName> = (typeof PATTERNS)[N];

type Segment<P extends string> = P extends `${infer Head}/${infer Rest}` ? Segment<Head> | Segment<Rest> : P;
type RequiredParam<P extends string> =
  Segment<P> extends infer S ? (S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never) : never;
type OptionalParam<P extends string> =
  Segment<P> extends infer S ? (S extends `:${infer Name}?` ? Name : never) : never;
type Value = string | number;

/** The parameters a pattern takes: `/fairness/:roomid/:seqno` takes `{ roomid, seqno }`. */
export type ParamsOf<P extends string> = { [K in RequiredParam<P>]: Value } & { [K in OptionalParam<P>]?: Value };
type Query = Record<string, Value>;
type PathArgs<N extends RouteName> = [RequiredParam<PatternOf<N>>] extends [never]
  ? [params?: ParamsOf<PatternOf<N>>, query?: Query]
  : [params: ParamsOf<PatternOf<N>>, query?: Query];

/** The path of a route with its parameters (encoded) and an optional query string. */
export function pathTo<N extends RouteName>(name: N, ...[params, query]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, Value | undefined>;
  const path =
    PATTERNS[name].replace(/\/:(\w+)(\?)?/g, (_, key: string, optional: string | undefined) => {
      const value = values[key];
      if (value === undefined) {
        if (optional) return '';
        throw new Error(`${name} needs ${key}`);
      }
      return `/${encodeURIComponent(String(value))}`;
    }) || '/';
  const search = query ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : '';
  return search ? `${path}?${search}` : path;
}
