// The product's public name, held here once. Everything people and programs see — the page titles
// and header, e-mails and their signature, structured data, the MCP server, the assistants page,
// the link checker's user agent — reads it from here. Internal names (the @agentry/* packages,
// cookie names, X-Agentry-* headers) are not shown to anyone and stay as they are.
//
// "Agentry" was dropped (issue 25): another AI-agent directory already operates under that name.
// "Rolecall": the directory is browsed by the human role an agent fills, and a reader calls on one.

export const PRODUCT_NAME = 'Rolecall';
/** The name as a machine key: the MCP server's key in client configurations, product tokens. */
export const PRODUCT_KEY = PRODUCT_NAME.toLowerCase();
/** How staff sign what they write to people. */
export const PRODUCT_TEAM = `The ${PRODUCT_NAME} team`;
/** The one-line promise under the name (home title, footer). */
export const PRODUCT_TAGLINE = 'describe the job, find the AI agent';
