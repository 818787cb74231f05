// Lazy route module (placeholder until its screen is built).
export function Component() {
  return <h1>register-agent</h1>;
}
