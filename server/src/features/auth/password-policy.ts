/**
 * What a new admin password must be (ADMIN_PASSWORD, `npm run admin`, the settings screen): at least 12
 * characters (NIST SP 800-63B's floor for a password that is the only factor is 8, OWASP's 12 without MFA
 * here), at most 256, not one of the passwords every guessing list starts with, nor such a word padded
 * with digits or symbols, nor one character or a keyboard run repeated, nor containing the username.
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The head of the public breach-frequency lists (the most common passwords there are), lower-cased. Short
 * ones matter too: "password123456" is "password" padded, and the padding is stripped before the lookup.
 */
const COMMON = new Set(
  `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh
hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey
ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111
131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley
nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix mobilemail
mom monitor monitoring montana moon moscow welcome welcome1 admin administrator root toor changeme
changeit default guest login passw0rd p@ssw0rd p@ssword password1 password12 password123 qwerty123
qwerty1 abc123456 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4t5y6 qwertyuiop123 asdfghjkl zaq12wsx
iloveyou1 sunshine1 football1 baseball1 princess1 letmein1 monkey1 dragon1 master1 trustno11
correcthorsebatterystaple correct horse battery staple secret secret123 test test123 testing demo
moveratlas mover movers movingcompany qwerty12345 qwertyuiopasdfghjkl 123456789012 1234567890123
11111111111 111111111111 000000000000 abcdefghijkl abcd1234 a1b2c3d4 aa123456 1qazxsw2 q1w2e3r4
football123 baseball123 superman123 batman123 pokemon starwars123 whatever trustme hello hello123
loveme flower lovely shalom 123abc 654321a 1234qwer qwer1234 iloveu fuckyou fuckyou1 asdf1234
asdfasdf qweasdzxc zxcvbnm123 password1234 passwordpassword adminadmin admin123 admin1234 administrator1`
    .split(/\s+/)
    .filter(Boolean),
);

const KEYBOARD_RUNS = [
  '01234567890',
  '09876543210',
  'abcdefghijklmnopqrstuvwxyz',
  'zyxwvutsrqponmlkjihgfedcba',
  'qwertyuiopasdfghjklzxcvbnm',
  'mnbvcxzlkjhgfdsapoiuytrewq',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
];

/** Strips the digits and symbols people pad a word with, at either end. */
const stripPadding = (value: string) => value.replace(/^[^a-z]+|[^a-z]+$/g, '');

function isRepetition(value: string): boolean {
  // "aaaaaaaaaaaa", "abcabcabcabc", "121212121212": a short unit repeated.
  return /^(.{1,4})\1+$/.test(value);
}

function isKeyboardRun(value: string): boolean {
  return value.length >= 6 && KEYBOARD_RUNS.some((run) => `${run}${run}`.includes(value));
}

/** Why `password` is not acceptable as a new admin password, or undefined when it is. */
export function passwordProblem(password: string, username?: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  const squashed = lower.replace(/\s+/g, '');
  if (
    COMMON.has(lower) ||
    COMMON.has(squashed) ||
    COMMON.has(stripPadding(squashed)) ||
    isRepetition(squashed) ||
    isKeyboardRun(squashed)
  )
    return 'Password is too common or predictable; choose another';
  const name = username?.trim().toLowerCase();
  if (name && name.length >= 3 && lower.includes(name))
    return 'Password must not contain the username';
  return undefined;
}
