import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/contract/staff';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

type Checker = (password: string, userInputs: string[]) => { score: number };
let checker: Promise<Checker> | undefined;

/**
 * zxcvbn-ts with its common-password and name dictionaries, loaded on first use (a few MB of word lists the
 * gateway does not need until someone sets a password).
 */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return (password, userInputs) => zxcvbn.check(password, userInputs);
  })();
  return checker;
}

/**
 * Why a new password is refused, or null when it is fine: at least 12 characters, and not guessable — not a
 * common password, a keyboard walk, a repetition, or made of the person's own email or name (zxcvbn score
 * below 3 of 4, "safely unguessable").
 */
export async function passwordProblem(
  password: string,
  person: { email?: string; name?: string } = {},
): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  const localPart = person.email?.split('@')[0] ?? '';
  const inputs = [
    person.email ?? '',
    // The whole local part and the whole name too: made of them, a password is as guessable as its parts.
    localPart,
    localPart.replace(/[^\p{L}\p{N}]+/gu, ''),
    ...(person.email?.split(/[@.]/) ?? []),
    person.name ?? '',
    person.name?.replace(/\s+/g, '') ?? '',
    ...(person.name?.split(/\s+/) ?? []),
    'foyer',
  ]
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 3);
  const { score } = (await loadChecker())(password, inputs);
  return score < 3 ? 'This password is too common or too easy to guess; add words only you would pick' : null;
}
