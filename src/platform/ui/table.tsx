// The stacked table of both services' pages (rows become cards on narrow screens, labelled by data-label).
import type { PropsWithChildren } from "hono/jsx";

export function Table(props: PropsWithChildren<{ columns: readonly string[]; caption?: string }>) {
  return (
    <div class="table-wrap">
      <table class="stack">
        {props.caption ? <caption>{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
