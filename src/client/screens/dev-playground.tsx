// Developer playground pages (/hello, /test, /fa, /plyr…): development builds only (decisions.md), minimal.
import { useLocation } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';

export default function DevPlaygroundScreen() {
  const [location] = useLocation();
  return (
    <Screen title={`Playground ${location}`}>
      <p>Developer playground: this page exists only in development builds. Players and icon galleries are tried out here.</p>
    </Screen>
  );
}
