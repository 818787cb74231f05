import '../../styles/account-pages.css';
import { useParams } from 'react-router-dom';
import { ProviderPage } from '../../features/providers/components/provider-page';

// Lazy route module for /providers/:slug. Keyed by slug so moving between providers starts clean.
export function Component() {
  const { slug = '' } = useParams();
  return <ProviderPage key={slug} slug={slug} />;
}
