import { PassThrough } from 'node:stream';
import { createPrompter } from './prompt';

function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  return { input, output, shown: () => shown };
}

describe('admin:create prompts', () => {
  it('echoes the username but never the password typed on a terminal', async () => {
    const { input, output, shown } = terminal();
    const prompter = createPrompter(input, output);
    const username = prompter.ask('Admin username: ');
    input.write('root\r');
    expect(await username).toBe('root');
    const password = prompter.ask('Password: ', { secret: true });
    input.write('a very secret password\r');
    expect(await password).toBe('a very secret password');
    prompter.close();
    expect(shown()).toContain('root');
    expect(shown()).toContain('Password: ');
    expect(shown()).not.toContain('secret');
  });

  it('reads answers piped in ahead of their questions, in order', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    input.end('staff\nfirst password\nsecond password\n');
    const prompter = createPrompter(input, output);
    expect(await prompter.ask('Username: ')).toBe('staff');
    expect(await prompter.ask('Password: ', { secret: true })).toBe('first password');
    expect(await prompter.ask('Again: ', { secret: true })).toBe('second password');
    await expect(prompter.ask('More: ')).rejects.toThrow('No answer');
    prompter.close();
  });
});
