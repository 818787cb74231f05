// The store's part for MCP tool usage counts (contract/tool-usage.ts).

/** Calls of one MCP tool in one ISO week ('2026-W47'). */
export interface ToolWeekCalls {
  tool: string;
  week: string;
  calls: number;
}

/** How often each MCP tool is called per week: counts only, never who called or with what. */
export interface ToolUsageRepository {
  /** Adds batched counts, one entry per tool and week, applied together. */
  increment(entries: ToolWeekCalls[]): Promise<void>;
  /** The counts of the weeks from `sinceWeek` on (ISO week names sort as text), by week then tool. */
  since(sinceWeek: string): Promise<ToolWeekCalls[]>;
}
