"""citemark inside the evaluation libraries users already run.

One module per library, each importing its library only when imported itself, and each
installed with its own extra (``pip install "citemark[ragas]"``; ``[integrations]`` for
all): a plain ``pip install citemark`` pulls none of them. Every adapter scores an
answer the same way, by :meth:`citemark.Report.faithfulness` over :func:`citemark.align`:
deterministic, offline, no LLM, with a reason per failing sentence.

- :mod:`citemark.integrations.ragas`: ``CitemarkFaithfulness``, a ragas metric.
- :mod:`citemark.integrations.deepeval`: ``CitemarkFaithfulnessMetric``, a DeepEval metric.
- :mod:`citemark.integrations.llamaindex`: ``CitemarkEvaluator``, a LlamaIndex evaluator.
- :mod:`citemark.integrations.langchain`: an evaluator for LangChain and LangSmith.
"""
