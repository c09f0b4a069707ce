// A card's filter: a plain GET form with one choice, which keeps the page's other query parameters (the other cards'
// pages and filters) as hidden fields and leaves out the card's own, so choosing starts the card on its newest page.
import type { PageQuery } from "./page-query";

export interface FilterProps {
  path: string;
  query: PageQuery;
  /** The card's anchor, and its own query parameters, which the form drops. */
  anchor: string;
  own: readonly string[];
  /** The select's id, query parameter, label and options; `all` labels the empty choice. */
  id: string;
  name: string;
  label: string;
  all: string;
  options: readonly string[];
  selected: string | undefined;
}

export function Filter(props: FilterProps) {
  const kept = Object.entries(props.query).filter((entry): entry is [string, string] => entry[1] !== undefined && !props.own.includes(entry[0]));
  return (
    <form method="get" action={`${props.path}#${props.anchor}`} class="filter">
      {kept.map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name}>
        <option value="" selected={props.selected === undefined}>
          {props.all}
        </option>
        {props.options.map((option) => (
          <option value={option} selected={option === props.selected}>
            {option}
          </option>
        ))}
      </select>
      <button type="submit" class="secondary">
        Show
      </button>
    </form>
  );
}
