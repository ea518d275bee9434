import FuzzSupport

FuzzDriver.main(.inkJSON)
