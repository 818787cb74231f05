// Lazy route module (placeholder until its screen is built).
export function Component() {
  return <h1>verify-email</h1>;
}
