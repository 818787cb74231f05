import { formatPlanPrice, type Plan } from '@agentry/domain/plans';

/** A paid plan as the sign-up and upgrade pages show it: name, price and benefits from domain/plans. */
export function PlanBox({ plan }: { plan: Plan }) {
  return (
    <aside className="plan-box" aria-labelledby="plan-box-title">
      <h2 id="plan-box-title" className="plan-box__name">
        {plan.name}
      </h2>
      <p className="plan-box__price">
        <strong>${plan.priceUsd}</strong> per {plan.interval}
        <span className="visually-hidden"> ({formatPlanPrice(plan)})</span>
      </p>
      <ul className="plan-box__benefits">
        {plan.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className="plan-box__note">You pay on the next page. Nothing is charged before you confirm there.</p>
    </aside>
  );
}
