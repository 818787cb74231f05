// English function words that say nothing about what an agent does. They are skipped in queries
// (unless a query has nothing else) and carry no weight in the index.

export const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between
  both but by can could did do does doing down during each few for from further had has have having he her here
  hers herself him himself his how i if in into is it its itself just me more most my myself no nor not of off
  on once only or other our ours ourselves out over own same she should so some such than that the their theirs
  them themselves then there these they this those through to too under until up very was we were what when where
  which while who whom why will with would you your yours yourself yourselves s t`.split(/\s+/),
);

/** Words people put around a request ("I need something that…") that never describe an agent. */
export const QUERY_FILLERS = new Set(
  'need needs want wants looking look please something someone anything help helps let lets like would could get find me us'.split(
    ' ',
  ),
);
