import type { ReactNode } from 'react';

export default function MapPage({ pathname }: { pathname: string; search: string }): ReactNode {
  return <div>{pathname}</div>;
}
