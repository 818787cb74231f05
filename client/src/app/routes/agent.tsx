import '../../styles/forms.css';
import '../../styles/dialog.css';
import '../../styles/employer-tools.css';
import '../../features/agents/components/agent-profile.css';
import { useParams } from 'react-router-dom';
import { AgentProfile } from '../../features/agents/components/agent-profile';
import { AgentReviews } from '../../features/reviews/components/agent-reviews';
import { ClaimListing } from '../../features/verification/components/claim-listing';

// Lazy route module for /agents/:id. Keyed by id so moving to a similar agent starts clean.
export function Component() {
  const { id = '' } = useParams();
  return (
    <AgentProfile
      key={id}
      id={id}
      trust={
        <>
          <AgentReviews agentId={id} />
          <ClaimListing agentId={id} />
        </>
      }
    />
  );
}
