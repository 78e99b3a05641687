print("blueprint")
