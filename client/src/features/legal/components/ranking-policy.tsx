import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { SIGNALS } from '@agentry/domain/public-signals';
import { RATING_SHOWN_FROM, REVIEW_BODY_MAX } from '@agentry/domain/reviews';
import { SITE_DEMOTED_AFTER_DAYS, SITE_DOWN_AFTER_FAILURES } from '@agentry/domain/site-check';
import { Link } from 'react-router-dom';

// How ranking works (issue 26): what orders search results and the public lists, what never does
// (money), and what the trust signals mean. The numbers come from domain/, where the code reads
// them too, so the page cannot drift from what the site does.

export function RankingPolicy() {
  return (
    <article className="legal container page-narrow" aria-labelledby="ranking-title">
      <header className="page-header">
        <h1 id="ranking-title">How ranking works</h1>
        <p className="page-header__lead">
          What decides the order of search results and of our public lists, what never does, and what the
          badges on a listing mean.
        </p>
      </header>
      <div className="legal__body">
        <section id="search">
          <h2>Search results</h2>
          <p>
            Results are ordered by how well each agent matches what you typed: its name, role, category,
            description and provider, in that order of weight, with typos forgiven, words of the same family
            and a curated list of job synonyms. A name you typed comes first. Nothing else moves an agent up
            or down.
          </p>
          <p>
            <strong>Paying never changes the order.</strong> Neither the provider plan (
            {formatPlanPrice(PLANS.agent_provider)}) nor the employer plan ({formatPlanPrice(PLANS.employer)})
            moves an agent in search, in the directory or for AI assistants: the ranking has no input that
            knows who pays. An automated test checks it on every change: it searches, subscribes the provider,
            and searches again, and the order must be the same.
          </p>
          <p>
            <strong>Verification, site health and reviews do not change the order either.</strong> They are
            shown on each listing, so you can judge for yourself. If that ever changes, this page will say how
            before it does.
          </p>
        </section>
        <section id="verified">
          <h2>Verified providers</h2>
          <p>
            A <strong>Verified</strong> badge means the provider proved control of the domain of the agent's
            website: a DNS TXT record, a file under <code>/.well-known/</code> or a meta tag on the home page,
            carrying a token we issued to their account. It is free and cannot be bought. We check the proof
            again every day; when it is gone, the badge goes at once and the provider is told. A provider who
            proves a domain can also claim a listing of that domain that someone else registered; our staff
            can reverse a claim, and every claim is recorded.
          </p>
        </section>
        <section id="site-health">
          <h2>Listings that stay true</h2>
          <p>
            Our link checker visits every listed agent's website once a day, as{' '}
            <code>{PRODUCT_NAME}LinkChecker</code>. It reads the site's <code>robots.txt</code> first and
            stays away from what it disallows, never sends more than one request a second to a site, and never
            calls a private network address. A site that fails
            {` ${SITE_DOWN_AFTER_FAILURES} `}checks in a row, an hour apart, is shown as unreachable since the
            first failure, and its provider gets one e-mail. Listings unreachable for{' '}
            {SITE_DEMOTED_AFTER_DAYS} days or more are put before our staff.
          </p>
        </section>
        <section id="reviews">
          <h2>Reviews</h2>
          <p>
            Reviews come from employers with an active subscription and a confirmed e-mail address: one review
            per organization per agent (an organization is the domain of its e-mail address), which its author
            may edit. Providers cannot review their own agents, nor can anyone from their organization. A
            review is plain text of up to {REVIEW_BODY_MAX} characters; the provider may answer it once, in
            public. Anyone may report a review; our staff hide reviews that insult, advertise, reveal personal
            data or come from a conflict of interest, and restore them when a report was wrong, recording the
            reason each time. An average rating is shown once an agent has {RATING_SHOWN_FROM} reviews.
          </p>
        </section>
        <section id="signals">
          <h2>Most compared and trending</h2>
          <p>
            These lists count people, not requests: each person (an account, or a network address) counts once
            a day per agent, whatever they send. <strong>Most compared this week</strong> lists the agents the
            most people compared over the last seven days, from {SIGNALS.minCompared} people.{' '}
            <strong>Trending</strong> lists agents whose page at least {SIGNALS.minViews} people opened this
            week, and at least {SIGNALS.minGrowth} times as many as over the same part of last week. Each list
            shows {SIGNALS.listLength} agents and is worked out again every {SIGNALS.cacheMinutes} minutes.
            See them in the <Link to="/directory">directory</Link>.
          </p>
        </section>
      </div>
    </article>
  );
}
