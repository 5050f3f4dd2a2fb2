// The keyword search bar (home, lists): submits to /search?q=… (or a list's own ?q=). The full filter panel of spec §2
// (category, company, 'Include All Content') comes with the search issue.
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths.ts';

interface SearchBarProps {
  initial?: string;
  label?: string;
  /** where a keyword goes; /search by default */
  target?: (q: string | undefined) => string;
}

export function SearchBar({ initial = '', label = 'Search CE courses and podcasts', target = (q) => paths.search({ q }) }: SearchBarProps) {
  const id = useId();
  const [q, setQ] = useState(initial);
  const [, navigate] = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = q.trim();
    navigate(target(keyword || undefined));
  };
  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" name="q" value={q} maxLength={60} placeholder="Search by topic, speaker or company" onChange={(e) => setQ(e.target.value)} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
