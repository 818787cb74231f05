import { type AttackOptions, attacker } from './abuse-load';

// The attacker of `npm run bench:abuse`, in a process of its own (forked by abuse-main.ts with the
// base URL and its options as arguments): its figures go back to the parent as one message.

const [base, options] = process.argv.slice(2);
attacker(base!, JSON.parse(options!) as AttackOptions).then(
  (figures) => process.send!(figures, () => process.exit(0)),
  (error) => {
    process.stderr.write(`attacker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
