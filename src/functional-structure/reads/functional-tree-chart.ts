import type { FunctionalFiguresDto, FunctionalTreeDto, FunctionalTreeNodeDto } from '../dto/functional-read-responses.dto';
import { foldGroups, money, renderSvg } from '../../charts/svg-chart';

interface ChartNode {
  name: string;
  figures: Omit<FunctionalFiguresDto, 'arrivals30' | 'leavers30'> | null;
  children: ChartNode[];
}

/** The label under a group's name: people, seats (open ones: seats short of their required FTE) and monthly cost. */
function figuresText(f: ChartNode['figures'], currency: string): string {
  if (!f) return '';
  const lines = [
    `${f.headcount} people · ${f.positions} seats, ${f.openPositions} open`,
    `FTE ${f.filledFte} of ${f.requiredFte} required`,
  ];
  if (f.monthlyCost !== null) lines.push(`${money(f.monthlyCost, currency)} / month`);
  return lines.join('\n');
}

function sum(nodes: ChartNode[]): ChartNode['figures'] {
  const add = (k: 'headcount' | 'positions' | 'filledPositions' | 'openPositions' | 'requiredFte' | 'filledFte' | 'plannedFte') =>
    Math.round(nodes.reduce((s, n) => s + (n.figures?.[k] ?? 0), 0) * 10000) / 10000;
  const costs = nodes.map((n) => n.figures?.monthlyCost ?? null);
  return {
    headcount: add('headcount'),
    positions: add('positions'),
    filledPositions: add('filledPositions'),
    openPositions: add('openPositions'),
    requiredFte: add('requiredFte'),
    filledFte: add('filledFte'),
    plannedFte: add('plannedFte'),
    monthlyCost: costs.includes(null) ? null : costs.reduce((s: number, c) => s + c!, 0),
    unpricedPeople: null,
  };
}

/** Each level keeps its twelve groups, or its eleven largest by headcount and "Other" summing the rest. */
function fold(nodes: FunctionalTreeNodeDto[]): ChartNode[] {
  const ranked = nodes.map((n) => ({ label: n.name, size: n.figures.headcount, item: n }));
  const { kept, other } = foldGroups(ranked);
  const out: ChartNode[] = kept.map(({ item }) => ({ name: item.name, figures: item.figures, children: fold(item.children) }));
  if (other.length) {
    const folded = other.map(({ item }) => ({ name: item.name, figures: item.figures, children: [] }));
    out.push({ name: `Other (${other.length} groups)`, figures: sum(folded), children: [] });
  }
  return out;
}

function leaves(node: ChartNode): number {
  return node.children.length ? node.children.reduce((s, c) => s + leaves(c), 0) : 1;
}

function depth(node: ChartNode): number {
  return 1 + Math.max(0, ...node.children.map(depth));
}

function toSeries(node: ChartNode, currency: string): Record<string, unknown> {
  const text = figuresText(node.figures, currency);
  return {
    name: `{name|${node.name.replace(/[{}|]/g, ' ')}}${text ? `\n${text}` : ''}`,
    children: node.children.map((c) => toSeries(c, currency)),
  };
}

/**
 * `Accept: image/svg+xml` of the functional tree: the groups as an org chart, top to bottom, each with its figures
 * (rolled up over its descendants as in the JSON) and monthly cost in the reporting currency; the groups at the top
 * hang under one node for the organization, which sums them.
 */
export function functionalTreeChart(tree: FunctionalTreeDto, asOf: string, currency: string): string {
  const tops = fold(tree.groups);
  const root: ChartNode = { name: 'Organization', figures: tops.length ? sum(tops) : null, children: tops };
  const width = Math.max(960, leaves(root) * 190 + 80);
  const height = Math.max(420, depth(root) * 150 + 120);
  const shown = tree.truncated ? ` (the first groups of ${tree.totalGroups})` : '';
  return renderSvg(
    {
      title: {
        text: `Functional structure on ${asOf}${shown}`,
        subtext: `${tree.totalGroups} groups · figures rolled up over each group's subgroups · cost per month in ${currency}`,
        left: 'center',
      },
      series: [
        {
          type: 'tree',
          orient: 'TB',
          top: 110,
          bottom: 90,
          left: 60,
          right: 60,
          symbol: 'rect',
          symbolSize: [14, 14],
          itemStyle: { color: '#5470c6', borderColor: '#5470c6' },
          expandAndCollapse: false,
          initialTreeDepth: -1,
          label: {
            position: 'bottom',
            distance: 6,
            fontSize: 11,
            lineHeight: 14,
            color: '#333333',
            rich: { name: { fontWeight: 'bold', fontSize: 12 } },
          },
          data: [toSeries(root, currency)],
        },
      ],
    },
    width,
    height,
  );
}
