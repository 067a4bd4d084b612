/**
 * Every secret a test hands to the server (API keys, passwords, tokens). Each test server checks its captured logs
 * against all of them when it closes, so no test file can leak a key into the logs unnoticed.
 */
const registered = new Set<string>();

export function secret<T extends string>(value: T): T {
  registered.add(value);
  return value;
}

export function leakedSecrets(logs: readonly string[]): string[] {
  const text = logs.join('\n');
  return [...registered].filter((value) => text.includes(value));
}
