/**
 * The attackers of the login flood (loginFlood.ts), in a process of their own so that sending and
 * reading their requests never delays the measuring side's requests. Reads its plan as JSON from
 * argv[2]; prints `{"wave":n}` when a wave has been handed to the network, `{"busy":true}` when the
 * first refusal as busy (3005) came back (the password pool's public lane is full at that moment)
 * and, at the end, `{"codes":{...},"seconds":s,"lastCheckedAt":t}` with the answers counted by
 * envelope code and the wall-clock time (epoch ms) of the last answer whose password was checked.
 */
const plan = JSON.parse(process.argv[2]);

/** Attacker addresses: the IPv6 documentation range, one address per request (a header only). */
const attackerAddress = (n) => `2001:db8::${(n + 1).toString(16)}`;

const codes = {};
const count = (key) => (codes[key] = (codes[key] ?? 0) + 1);
let busyTold = false;
let lastCheckedAt = null;

async function attack(n) {
  try {
    const response = await fetch(plan.url + plan.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': attackerAddress(n) },
      body: JSON.stringify({ lang: 'en', username: `nobody${n}x`, password: `guess${n}pw` }),
    });
    const envelope = await response.json();
    count(response.status === 200 ? String(envelope.code) : `${envelope.code} (HTTP ${response.status})`);
    if (envelope.code === 3005 && !busyTold) {
      busyTold = true;
      process.stdout.write(`${JSON.stringify({ busy: true })}\n`);
    }
    if (envelope.code === 1002) lastCheckedAt = Date.now();
  } catch (error) {
    count(`no answer (${error.cause?.code ?? error.message})`);
  }
}

const started = performance.now();
const answers = [];
let sent = 0;
for (let wave = 0; wave < plan.waves; wave++) {
  for (let i = 0; i < plan.attackers; i++) answers.push(attack(sent++));
  process.stdout.write(`${JSON.stringify({ wave })}\n`);
  if (wave < plan.waves - 1) await new Promise((resolve) => setTimeout(resolve, plan.waveGapMs));
}
await Promise.all(answers);
process.stdout.write(`${JSON.stringify({ codes, seconds: (performance.now() - started) / 1000, lastCheckedAt })}\n`);
