/**
 * Makes the FLOWS_PASSWORD_HASH line for the flows' login in production (server/flows-login.ts):
 *   npm run --silent flows:password            (asks twice, without showing it)
 *   printf %s 'la contraseña' | npm run --silent flows:password
 * The password is read from standard input and never printed or stored; standard output gets one
 * line, `FLOWS_PASSWORD_HASH=scrypt:…`, to put in the server's settings beside FLOWS_USER.
 * Exit codes: 0 done, 2 no password, a short one, or two that differ.
 */
import { hashPassword, MIN_PASSWORD_LENGTH } from '../flows-login';

/** One line typed at the terminal, not echoed (raw mode: each key arrives as typed). */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    let typed = '';
    const finish = (result: string | Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(typed);
        // Ctrl+C and Ctrl+D: the person gave up.
        if (char === '\u0003' || char === '\u0004') return finish(new Error('cancelado'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
      return undefined;
    };
    input.on('data', onData);
    input.resume();
  });
}

async function readPiped(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk as string;
  // `echo` adds a line end; the password is what came before it.
  return text.replace(/\r?\n$/, '');
}

async function readPassword(): Promise<string | { problem: string }> {
  if (!process.stdin.isTTY) return readPiped();
  const password = await askHidden('Contraseña para el explorador de flujos: ');
  const again = await askHidden('Repítela: ');
  return password === again
    ? password
    : { problem: 'Las dos contraseñas no coinciden. No se creó ningún hash.' };
}

try {
  const password = await readPassword();
  if (typeof password !== 'string') {
    console.error(password.problem);
    process.exitCode = 2;
  } else if ([...password].length < MIN_PASSWORD_LENGTH) {
    console.error(
      password === ''
        ? 'No llegó ninguna contraseña. Escríbela cuando se pida, o envíala por la entrada estándar.'
        : `La contraseña es corta: usa al menos ${MIN_PASSWORD_LENGTH} caracteres (por ejemplo, cuatro palabras al azar).`,
    );
    process.exitCode = 2;
  } else {
    process.stdout.write(`FLOWS_PASSWORD_HASH=${await hashPassword(password)}\n`);
  }
} catch {
  console.error('Cancelado: no se creó ningún hash.');
  process.exitCode = 2;
}
