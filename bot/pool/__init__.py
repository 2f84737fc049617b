"""Quick play: one pool of waiting members for every server and cluster, paired in
waves (``matchmaking``: pure)."""
